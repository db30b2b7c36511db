import UIKit

enum Metrics {
    static let margin: CGFloat = 20
    static let rowHeight = 44.0
}

extension UIView {
    func pin(_ child: UIView, height: CGFloat) -> [NSLayoutConstraint] {
        child.translatesAutoresizingMaskIntoConstraints = false
        addSubview(child)
        return [child.heightAnchor.constraint(equalToConstant: height)]
    }
}

class RowsViewController: UIViewController {
    var rows: [UIView] = []
    var compact: [NSLayoutConstraint] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        for i in 0..<3 {
            let row = UIView()
            rows.append(row)
            NSLayoutConstraint.activate(view.pin(row, height: Metrics.rowHeight + CGFloat(i) * 10))
        }
        let views = ["a": rows[0], "b": rows[1], "c": rows[2]]
        let metrics = ["m": Metrics.margin]
        view.addConstraints(NSLayoutConstraint.constraints(withVisualFormat: "V:|-m-[a]-[b]-[c]", options: [.alignAllLeading, .alignAllTrailing], metrics: metrics, views: views))
        view.addConstraint(NSLayoutConstraint(item: rows[0], attribute: .Left, relatedBy: .Equal, toItem: view, attribute: .Left, multiplier: 1, constant: Metrics.margin))
        let right = NSLayoutConstraint(item: rows[0], attribute: .right, relatedBy: .equal, toItem: view, attribute: .right, multiplier: 1, constant: -20)
        right.priority = .defaultHigh - 1
        right.isActive = true
        switch traitCollection.horizontalSizeClass {
        case .compact:
            compact.append(rows[2].widthAnchor.constraint(equalToConstant: 100))
        default:
            break
        }
        guard #available(iOS 11, *) else { return }
        NSLayoutConstraint.activate(compact)
        if UIDevice.current.userInterfaceIdiom == .pad {
            rows[1].isHidden = true
        }
        while rows.count < 10 { rows.append(UIView()) }
    }

    func neverCalled() {
        rows[0].topAnchor.constraint(equalTo: view.topAnchor).isActive = true
    }
}
