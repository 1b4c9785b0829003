/// The charts' styles. Lines keep to colours readable on dark and light backgrounds (no yellow,
/// no white); raw data is grey (dim on 8 colours). Without colour every pen is the terminal's own
/// colour, and `ChartMark` tells the layers apart by glyph instead.
extension Theme {
    public func chart(_ pen: ChartPen) -> Style {
        switch colors {
        case .none:
            return pen == .muted ? .plain : Style(attributes: [.bold])
        case .ansi8:
            switch pen {
            case .muted: return Style(attributes: [.dim])
            case .blue: return Style(foreground: .blue, attributes: [.bold])
            case .red: return Style(foreground: .red, attributes: [.bold])
            case .magenta: return Style(foreground: .magenta, attributes: [.bold])
            case .green: return Style(foreground: .green, attributes: [.bold])
            }
        case .indexed256, .truecolor:
            // The xterm cube: 245 mid grey, 33 azure, 202 orange-red, 163 magenta, 34 green.
            switch pen {
            case .muted: return Style(foreground: .indexed(245))
            case .blue: return Style(foreground: .indexed(33))
            case .red: return Style(foreground: .indexed(202))
            case .magenta: return Style(foreground: .indexed(163))
            case .green: return Style(foreground: .indexed(34))
            }
        }
    }

    /// The cursor's column: reverse video, which shows on every colour and on none.
    func chartCursor(_ base: Style) -> Style { base.adding(.reverse) }
}
