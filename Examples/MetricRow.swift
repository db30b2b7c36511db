import UIKit
import TinyConstraints

// A row laid out with TinyConstraints: a caption centred between two rules that run to arrows
// at the edges, and a detail line kept inactive until the row is expanded.
final class MetricRow: UIView {
    let caption = UILabel()
    let leftArrow = UIImageView()
    let rightArrow = UIImageView()
    let leftRule = UIView()
    let rightRule = UIView()
    let detail = UILabel()
    var expanded = Constraints()

    override init(frame: CGRect) {
        super.init(frame: frame)
        caption.text = "12 km"
        detail.text = "since Monday"
        [leftArrow, rightArrow, leftRule, rightRule, caption, detail].forEach { addSubview($0) }
        caption.topToSuperview(offset: 8)
        caption.centerXToSuperview()
        for arrow in [leftArrow, rightArrow] {
            arrow.size(CGSize(width: 8, height: 10))
            arrow.centerY(to: caption)
        }
        leftArrow.leftToSuperview(offset: 4)
        rightArrow.rightToSuperview(offset: -4)
        leftRule.leftToRight(of: leftArrow)
        leftRule.rightToLeft(of: caption, offset: -6)
        rightRule.leftToRight(of: caption, offset: 6)
        rightRule.rightToLeft(of: rightArrow)
        for rule in [leftRule, rightRule] {
            rule.height(1)
            rule.centerY(to: caption)
        }
        expanded.append(detail.topToBottom(of: caption, offset: 4, isActive: false))
        expanded.append(contentsOf: detail.horizontalToSuperview(insets: .horizontal(16), isActive: false))
        expanded.activate()
    }
}
