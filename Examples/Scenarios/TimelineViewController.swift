import UIKit

/// timeline.strut as code: an image as wide as its cell for one image, half as wide for two,
/// by activating one constraint and deactivating the other (a multiplier cannot change).
final class TimelineViewController: UIViewController {
    let cell = UIView()
    let photo = UIImageView()
    lazy var one = photo.widthAnchor.constraint(equalTo: cell.widthAnchor)
    lazy var two = photo.widthAnchor.constraint(equalTo: cell.widthAnchor, multiplier: 0.5)

    override func viewDidLoad() {
        super.viewDidLoad()
        cell.translatesAutoresizingMaskIntoConstraints = false
        photo.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(cell)
        cell.addSubview(photo)
        NSLayoutConstraint.activate([
            cell.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            cell.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            cell.topAnchor.constraint(equalTo: view.topAnchor),
            cell.heightAnchor.constraint(equalToConstant: 200),
            photo.leadingAnchor.constraint(equalTo: cell.leadingAnchor),
            photo.topAnchor.constraint(equalTo: cell.topAnchor),
            photo.bottomAnchor.constraint(equalTo: cell.bottomAnchor),
        ])
        show(imageCount: 2)
        show(imageCount: 1)
    }

    func show(imageCount: Int) {
        if imageCount > 1 {
            one.isActive = false
            two.isActive = true
        } else {
            two.isActive = false
            one.isActive = true
        }
    }
}
