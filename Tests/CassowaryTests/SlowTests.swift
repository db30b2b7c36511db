import Testing
import Foundation

/// Slow, more than a few seconds: left out of `Scripts/test --quick` (STRUT_QUICK set).
extension Tag { @Tag static var slow: Self }
let isQuickRun = ProcessInfo.processInfo.environment["STRUT_QUICK"] != nil
