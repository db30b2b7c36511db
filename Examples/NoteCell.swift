import UIKit

final class NoteCell: UITableViewCell {
    let title = UILabel()
    let body = UILabel()
    var bodyHeight: NSLayoutConstraint!

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        for label in [title, body] {
            label.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(label)
        }
        title.text = "Groceries"
        bodyHeight = body.heightAnchor.constraint(equalToConstant: 60)
        NSLayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            title.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8),
            body.leadingAnchor.constraint(equalTo: title.leadingAnchor),
            body.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
            bodyHeight,
        ])
    }

    required init?(coder: NSCoder) { fatalError() }
}
