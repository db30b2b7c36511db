import UIKit

/// custom-view.strut as code: a view whose content (as a nib would load it) fills it by its
/// autoresizing mask, and whose height comes from that content; the screen adds a required
/// `>= 10` and a priority-1 placeholder `== 10`, as Interface Builder's warnings are silenced.
final class CustomView: UIView {
    let content = UIView()
    let icon = UIImageView()
    let title = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        content.frame = bounds
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(content)
        icon.translatesAutoresizingMaskIntoConstraints = false
        title.translatesAutoresizingMaskIntoConstraints = false
        title.text = "Custom view"
        content.addSubview(icon)
        content.addSubview(title)
        NSLayoutConstraint.activate([
            icon.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 8),
            icon.topAnchor.constraint(equalTo: content.topAnchor, constant: 8),
            icon.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -8),
            icon.widthAnchor.constraint(equalToConstant: 32),
            icon.heightAnchor.constraint(equalToConstant: 32),
            title.centerYAnchor.constraint(equalTo: content.centerYAnchor),
            title.leadingAnchor.constraint(equalTo: icon.trailingAnchor, constant: 8),
            title.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -10),
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

final class CustomViewController: UIViewController {
    let custom = CustomView(frame: CGRect(x: 0, y: 0, width: 320, height: 48))
    var atLeast: NSLayoutConstraint!
    var placeholder: NSLayoutConstraint!

    override func viewDidLoad() {
        super.viewDidLoad()
        custom.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(custom)
        atLeast = custom.heightAnchor.constraint(greaterThanOrEqualToConstant: 10)
        placeholder = custom.heightAnchor.constraint(equalToConstant: 10)
        placeholder.priority = UILayoutPriority(1)
        NSLayoutConstraint.activate([
            custom.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            custom.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            custom.topAnchor.constraint(equalTo: view.topAnchor, constant: 44),
            atLeast,
            placeholder,
        ])
    }
}
