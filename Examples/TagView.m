#import "TagView.h"

#define kPadding 12.0

@interface TagView ()
@property (nonatomic, strong) UILabel *titleLabel;
@property (nonatomic, strong) UIView *dot;
@property (nonatomic, strong) NSLayoutConstraint *dotWidth;
@end

@implementation TagView

- (instancetype)initWithFrame:(CGRect)frame {
    if (self = [super initWithFrame:frame]) {
        [self addSubview:self.dot];
        [self addSubview:self.titleLabel];
        [self setUpConstraints];
    }
    return self;
}

- (UILabel *)titleLabel {
    if (!_titleLabel) {
        _titleLabel = [[UILabel alloc] initWithFrame:CGRectZero];
        _titleLabel.translatesAutoresizingMaskIntoConstraints = NO;
        _titleLabel.text = @"Groceries";
    }
    return _titleLabel;
}

- (UIView *)dot {
    if (!_dot) {
        _dot = [UIView new];
        [_dot setTranslatesAutoresizingMaskIntoConstraints:NO];
    }
    return _dot;
}

- (void)setUpConstraints {
    UILabel *titleLabel = self.titleLabel;
    UIView *dot = self.dot;
    NSDictionary *views = NSDictionaryOfVariableBindings(dot, titleLabel);
    NSDictionary *metrics = @{@"padding": @(kPadding)};
    [self addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:|-padding-[dot]-8-[titleLabel]" options:NSLayoutFormatAlignAllCenterY metrics:metrics views:views]];
    [self addConstraint:[NSLayoutConstraint constraintWithItem:dot attribute:NSLayoutAttributeTop relatedBy:NSLayoutRelationEqual toItem:self attribute:NSLayoutAttributeTop multiplier:1.0 constant:kPadding * 2]];
    self.dotWidth = [dot.widthAnchor constraintEqualToConstant:10];
    self.dotWidth.active = YES;
    [dot.heightAnchor constraintEqualToAnchor:dot.widthAnchor].active = YES;
    for (UIView *view in @[dot, titleLabel]) {
        [view setContentHuggingPriority:UILayoutPriorityDefaultHigh forAxis:UILayoutConstraintAxisHorizontal];
    }
}

@end
