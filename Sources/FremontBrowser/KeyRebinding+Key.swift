import FremontSources
import FremontUI

extension KeyRebinding.Key {
    /// The key as the browser's keymaps have it, for wiring a config's `bind-key` lines.
    public var key: Key {
        switch self {
        case .character(let character): .character(character)
        case .control(let character): .control(character)
        case .enter: .enter
        case .escape: .escape
        case .tab: .tab
        case .backTab: .backTab
        case .backspace: .backspace
        case .delete: .delete
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .home: .home
        case .end: .end
        case .function(let number): .function(number)
        }
    }
}
