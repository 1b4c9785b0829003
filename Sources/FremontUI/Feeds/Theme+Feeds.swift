/// The Feeds tab's styles. Without colour, the selected item is reverse video and the rest is
/// told apart by bold, dim and underline.
extension Theme {
    /// Which feed an item came from: a colour of its own, so merged feeds read apart.
    var feedName: Style { colors == .none ? Style(attributes: [.bold]) : Style(foreground: ink(dark: 51, light: 25, ansi: .cyan, ansiLight: .blue)) }
    /// The bar down the selected item's text.
    var feedMarker: Style { separator }
    /// Text that matches the active search.
    var searchMatch: Style {
        colors == .none ? Style(attributes: [.bold, .underline])
            : Style(foreground: hasCube ? .indexed(16) : .black, background: hasCube ? .indexed(220) : .yellow, attributes: [.bold])
    }
}
