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
            // The xterm cube: on dark, 247 grey, 39 azure, 202 orange-red, 170 orchid, 34 green;
            // on light their darker kin: each 4.5:1 at least on the backgrounds `ThemeContrast` tries.
            switch pen {
            case .muted: return Style(foreground: .indexed(isLight ? 242 : 247))
            case .blue: return Style(foreground: .indexed(isLight ? 25 : 39))
            case .red: return Style(foreground: .indexed(isLight ? 160 : 202))
            case .magenta: return Style(foreground: .indexed(isLight ? 127 : 170))
            case .green: return Style(foreground: .indexed(isLight ? 22 : 34))
            }
        }
    }

    /// The cursor's column: reverse video, which shows on every colour and on none.
    func chartCursor(_ base: Style) -> Style { base.adding(.reverse) }
}
