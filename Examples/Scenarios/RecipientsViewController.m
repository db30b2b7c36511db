#import "RecipientsViewController.h"

// recipients.strut in Objective-C, as the technique is usually written: the container's
// layoutSubviews places each address after the one before, runs a layout pass to see where it
// ended, and moves it to a new line when it runs past the container's right edge.

@interface RecipientsView : UIView
@property (nonatomic, strong) UILabel *toLabel;
@property (nonatomic, strong) NSMutableArray *labels;
@property (nonatomic, strong) NSMutableArray *flowConstraints;
- (void)addAddress:(NSString *)address;
@end

@implementation RecipientsView

- (instancetype)initWithFrame:(CGRect)frame {
    self = [super initWithFrame:frame];
    if (self) {
        _toLabel = [[UILabel alloc] init];
        _toLabel.text = @"To:";
        _toLabel.translatesAutoresizingMaskIntoConstraints = NO;
        [self addSubview:_toLabel];
        _labels = [NSMutableArray array];
        _flowConstraints = [NSMutableArray array];
    }
    return self;
}

- (void)addAddress:(NSString *)address {
    UILabel *label = [[UILabel alloc] init];
    label.text = address;
    label.translatesAutoresizingMaskIntoConstraints = NO;
    [self addSubview:label];
    [self.labels addObject:label];
    [self setNeedsLayout];
}

- (void)layoutSubviews {
    [self removeConstraints:self.flowConstraints];
    [self.flowConstraints removeAllObjects];
    [self.flowConstraints addObject:[NSLayoutConstraint constraintWithItem:self.toLabel attribute:NSLayoutAttributeLeading relatedBy:NSLayoutRelationEqual toItem:self attribute:NSLayoutAttributeLeadingMargin multiplier:1 constant:0]];
    [self.flowConstraints addObject:[NSLayoutConstraint constraintWithItem:self.toLabel attribute:NSLayoutAttributeTop relatedBy:NSLayoutRelationEqual toItem:self attribute:NSLayoutAttributeTopMargin multiplier:1 constant:0]];
    [self addConstraints:self.flowConstraints];

    UIView *previous = self.toLabel;
    for (UILabel *label in self.labels) {
        NSLayoutConstraint *next = [NSLayoutConstraint constraintWithItem:label attribute:NSLayoutAttributeLeading relatedBy:NSLayoutRelationEqual toItem:previous attribute:NSLayoutAttributeTrailing multiplier:1 constant:8];
        NSLayoutConstraint *same = [NSLayoutConstraint constraintWithItem:label attribute:NSLayoutAttributeFirstBaseline relatedBy:NSLayoutRelationEqual toItem:previous attribute:NSLayoutAttributeFirstBaseline multiplier:1 constant:0];
        [self addConstraints:@[next, same]];
        [super layoutSubviews];
        if (CGRectGetMaxX(label.frame) > CGRectGetWidth(self.bounds)) {
            [self removeConstraints:@[next, same]];
            next = [NSLayoutConstraint constraintWithItem:label attribute:NSLayoutAttributeLeading relatedBy:NSLayoutRelationEqual toItem:self attribute:NSLayoutAttributeLeadingMargin multiplier:1 constant:0];
            same = [NSLayoutConstraint constraintWithItem:label attribute:NSLayoutAttributeTop relatedBy:NSLayoutRelationEqual toItem:previous attribute:NSLayoutAttributeBottom multiplier:1 constant:8];
            [self addConstraints:@[next, same]];
        }
        [self.flowConstraints addObject:next];
        [self.flowConstraints addObject:same];
        previous = label;
    }
    NSLayoutConstraint *tail = [NSLayoutConstraint constraintWithItem:previous attribute:NSLayoutAttributeBottom relatedBy:NSLayoutRelationEqual toItem:self attribute:NSLayoutAttributeBottomMargin multiplier:1 constant:0];
    [self addConstraint:tail];
    [self.flowConstraints addObject:tail];
    [super layoutSubviews];
}

@end

@interface RecipientsViewController : UIViewController
@property (nonatomic, strong) RecipientsView *box;
@end

@implementation RecipientsViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.box = [[RecipientsView alloc] initWithFrame:CGRectZero];
    self.box.translatesAutoresizingMaskIntoConstraints = NO;
    [self.view addSubview:self.box];
    NSDictionary *views = @{@"box": self.box};
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:|[box]|" options:0 metrics:nil views:views]];
    [self.view addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"V:|-20-[box]" options:0 metrics:nil views:views]];
    for (NSString *address in @[@"alice@example.com", @"bob.smith@example.org", @"carol@example.net"]) {
        [self.box addAddress:address];
    }
    [self.view layoutIfNeeded];
}

@end
