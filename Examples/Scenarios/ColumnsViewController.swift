import UIKit

/// table.strut as code: rows of three labels whose right and middle columns are as wide as
/// their widest cell, through equal widths across the rows.
final class ColumnsViewController: UIViewController {
    let cells = [["Name", "Qty", "Price"], ["Apples", "12", "1.50"], ["Bananas", "7", "0.25"]]

    override func viewDidLoad() {
        super.viewDidLoad()
        var above: UIView?
        var firstMiddle: UILabel?
        var firstRight: UILabel?
        for texts in cells {
            let row = UIView()
            row.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(row)
            NSLayoutConstraint.activate([
                row.topAnchor.constraint(equalTo: above?.bottomAnchor ?? view.topAnchor),
                row.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                row.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                row.heightAnchor.constraint(equalToConstant: 44),
            ])
            let left = UILabel()
            let middle = UILabel()
            let right = UILabel()
            for (label, text) in zip([left, middle, right], texts) {
                label.text = text
                label.translatesAutoresizingMaskIntoConstraints = false
                row.addSubview(label)
                label.centerYAnchor.constraint(equalTo: row.centerYAnchor).isActive = true
            }
            NSLayoutConstraint.activate([
                left.leadingAnchor.constraint(equalTo: row.layoutMarginsGuide.leadingAnchor),
                right.trailingAnchor.constraint(equalTo: row.layoutMarginsGuide.trailingAnchor),
                middle.trailingAnchor.constraint(equalTo: right.leadingAnchor, constant: -10),
                middle.leadingAnchor.constraint(greaterThanOrEqualTo: left.trailingAnchor, constant: 10),
            ])
            if let firstMiddle, let firstRight {
                middle.widthAnchor.constraint(equalTo: firstMiddle.widthAnchor).isActive = true
                right.widthAnchor.constraint(equalTo: firstRight.widthAnchor).isActive = true
            } else {
                firstMiddle = middle
                firstRight = right
            }
            above = row
        }
    }
}
