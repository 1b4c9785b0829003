@testable import FremontUI

/// The registered views by type, for tests that look inside one.
extension BrowserState {
    var bikes: BikesTab { view(BikesTab.self)! }
    var feeds: FeedsTab { view(FeedsTab.self)! }
    var weather: WeatherTab { view(WeatherTab.self)! }
    var log: LogView { view(LogView.self)! }
}
