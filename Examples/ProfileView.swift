import UIKit
import SnapKit

final class ProfileView: UIView {
    let avatar = UIImageView()
    let name = UILabel()
    let bio = UILabel()
    var avatarSize: Constraint?

    override init(frame: CGRect) {
        super.init(frame: frame)
        [avatar, name, bio].forEach { addSubview($0) }
        name.text = "Ada"
        bio.numberOfLines = 0
        avatar.snp.makeConstraints { make in
            make.top.leading.equalToSuperview().inset(16)
            avatarSize = make.size.equalTo(CGSize(width: 64, height: 64)).constraint
        }
        name.snp.makeConstraints {
            $0.leading.equalTo(avatar.snp.trailing).offset(12)
            $0.centerY.equalTo(avatar)
            $0.trailing.lessThanOrEqualToSuperview().offset(-16).priority(.high)
        }
        bio.snp.makeConstraints { make in
            make.top.equalTo(avatar.snp.bottom).offset(8)
            make.leading.trailing.equalToSuperview().inset(16)
        }
        if traitCollection.horizontalSizeClass == .regular {
            avatarSize?.update(offset: 32)
        }
        bio.snp.updateConstraints { make in
            make.top.equalTo(avatar.snp.bottom).offset(20)
        }
        name.snp.remakeConstraints { make in
            make.leading.equalTo(avatar.snp.trailing).offset(8)
            make.top.equalTo(avatar)
        }
    }
}
