import UIKit

/// recipients.strut as code: the "To:" field whose labels flow onto a new line. Each label is
/// placed after the one before, a layout pass runs, and a label that ends past the box's right
/// edge is moved under the one before instead.
final class RecipientsViewController: UIViewController {
    let box = UIView()
    let to = UILabel()
    let r1 = UILabel()
    let r2 = UILabel()
    let r3 = UILabel()
    private var tail: NSLayoutConstraint?

    override func viewDidLoad() {
        super.viewDidLoad()
        box.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(box)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            box.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            box.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),
        ])
        to.text = "To:"
        to.translatesAutoresizingMaskIntoConstraints = false
        box.addSubview(to)
        NSLayoutConstraint.activate([
            to.leadingAnchor.constraint(equalTo: box.layoutMarginsGuide.leadingAnchor),
            to.topAnchor.constraint(equalTo: box.layoutMarginsGuide.topAnchor),
        ])
        let addresses = ["alice@example.com", "bob.smith@example.org", "carol@example.net"]
        var previous = to
        for (label, address) in zip([r1, r2, r3], addresses) {
            label.text = address
            label.translatesAutoresizingMaskIntoConstraints = false
            box.addSubview(label)
            let next = label.leadingAnchor.constraint(equalTo: previous.trailingAnchor, constant: 8)
            let same = label.firstBaselineAnchor.constraint(equalTo: previous.firstBaselineAnchor)
            NSLayoutConstraint.activate([next, same])
            tail?.isActive = false
            tail = label.bottomAnchor.constraint(equalTo: box.layoutMarginsGuide.bottomAnchor)
            tail?.isActive = true
            view.layoutIfNeeded()
            if label.frame.maxX > box.bounds.width {
                NSLayoutConstraint.deactivate([next, same])
                NSLayoutConstraint.activate([
                    label.leadingAnchor.constraint(equalTo: box.layoutMarginsGuide.leadingAnchor),
                    label.topAnchor.constraint(equalTo: previous.bottomAnchor, constant: 8),
                ])
            }
            previous = label
        }
    }
}
