#import "BadgeCell.h"
#import <Masonry/Masonry.h>

// A table cell laid out with Masonry: a badge pinned inside the content view's margins, a
// title beside it, updated as Masonry code does; one PureLayout line.

@interface BadgeCell : UITableViewCell
@property (nonatomic, strong) UIView *badge;
@property (nonatomic, strong) UILabel *title;
@end

@implementation BadgeCell

- (instancetype)initWithStyle:(UITableViewCellStyle)style reuseIdentifier:(NSString *)reuseIdentifier {
    if (self = [super initWithStyle:style reuseIdentifier:reuseIdentifier]) {
        _badge = [UIView new];
        _title = [UILabel new];
        _title.text = @"Inbox";
        [self.contentView addSubview:_badge];
        [self.contentView addSubview:_title];
        UIEdgeInsets padding = UIEdgeInsetsMake(10, 15, 10, 15);
        [_badge mas_makeConstraints:^(MASConstraintMaker *make) {
            make.top.left.equalTo(self.contentView).with.insets(padding);
            make.size.mas_equalTo(CGSizeMake(24, 24));
        }];
        [_title mas_makeConstraints:^(MASConstraintMaker *make) {
            make.left.equalTo(_badge.mas_right).offset(8);
            make.centerY.equalTo(_badge);
            make.right.lessThanOrEqualTo(self.contentView).offset(-15).priorityHigh();
        }];
        [_badge mas_updateConstraints:^(MASConstraintMaker *make) {
            make.size.mas_equalTo(CGSizeMake(32, 32));
        }];
        [_title autoSetDimension:ALDimensionHeight toSize:24];
    }
    return self;
}

@end
