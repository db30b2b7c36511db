import UIKit

/// A card as layout code writes it: `import Examples/CardView.swift` builds it in strut.
final class CardView: UIView {
    private lazy var titleLabel: UILabel = {
        let label = UILabel()
        label.translatesAutoresizingMaskIntoConstraints = false
        label.text = "Weekly report"
        label.numberOfLines = 0
        return label
    }()
    private let badge = UIView()
    private var badgeWidthConstraint: NSLayoutConstraint!

    override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func setUp() {
        addSubview(titleLabel)
        addSubview(badge)
        badge.translatesAutoresizingMaskIntoConstraints = false
        badgeWidthConstraint = badge.widthAnchor.constraint(equalToConstant: 24)
        NSLayoutConstraint.activate([
            titleLabel.topAnchor.constraint(equalTo: safeAreaLayoutGuide.topAnchor, constant: 12),
            titleLabel.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
            badge.leadingAnchor.constraint(greaterThanOrEqualTo: titleLabel.trailingAnchor, constant: 8),
            badge.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
            badge.centerYAnchor.constraint(equalTo: titleLabel.centerYAnchor),
            badge.heightAnchor.constraint(equalTo: badge.widthAnchor),
        ])
        badgeWidthConstraint.isActive = true
        accessibilityElements = [titleLabel, badge]
    }
}
