import FremontCore

/// What colours the terminal can show.
public enum ColorSupport: Hashable, Sendable {
    /// `NO_COLOR`, or a terminal without colours: attributes and ▲/▼ markers only.
    case none
    /// 8 colours: blue and red with dim, normal and bold steps.
    case ansi8
    /// The xterm 256-colour palette: a smooth ramp from its cube.
    case indexed256
    /// 24-bit colour.
    case truecolor

    /// Enough colours for a smooth ramp of backgrounds; 8 colours have too few steps to tell
    /// levels apart by shade alone.
    public var hasBackgrounds: Bool { self == .indexed256 || self == .truecolor }
}

/// The terminal's own background: dark (light text) or light (dark text).
public enum ThemeBackground: String, Hashable, Sendable {
    case dark, light
}

/// Every style the views use, chosen once for the terminal's colour support and background.
/// With 256 colours or more, text colours come from the xterm cube (16–255), which a palette
/// does not remap, each at least 4.5:1 against the background it is drawn on (`ThemeContrast`
/// measures them); with 8, from the palette, the light theme's kept to its darker hues.
public struct Theme: Sendable {
    public let colors: ColorSupport
    public let background: ThemeBackground

    public init(colors: ColorSupport, background: ThemeBackground = .dark) {
        self.colors = colors
        self.background = background
    }

    var isLight: Bool { background == .light }
    /// The xterm cube's colours, where the terminal has them.
    var hasCube: Bool { colors == .indexed256 || colors == .truecolor }

    /// A text colour on the terminal's background: the cube's `dark`/`light` index, else the palette's.
    func ink(dark: UInt8, light: UInt8, ansi: TerminalColor, ansiLight: TerminalColor? = nil) -> TerminalColor {
        hasCube ? .indexed(isLight ? light : dark) : (isLight ? ansiLight ?? ansi : ansi)
    }

    public var header: Style {
        // White on the cube's blue (25, #005faf): 6.4:1 whatever the palette's blue.
        colors == .none ? Style(attributes: [.reverse]) : Style(foreground: hasCube ? .indexed(231) : .white, background: hasCube ? .indexed(25) : .blue, attributes: [.bold])
    }
    /// On a light page a white tab would run into it: grey there.
    public var activeTab: Style {
        colors == .none ? Style(attributes: [.bold, .underline])
            : Style(foreground: hasCube ? .indexed(16) : .black, background: hasCube ? .indexed(isLight ? 250 : 255) : .white, attributes: [.bold])
    }
    public var inactiveTab: Style { header }
    public var footer: Style {
        colors == .none ? Style(attributes: [.reverse])
            : Style(foreground: hasCube ? .indexed(16) : .black, background: hasCube ? .indexed(isLight ? 250 : 255) : .white)
    }
    public var footerKey: Style { footer.adding(.bold) }
    public var columnHeader: Style { Style(attributes: [.bold, .underline]) }
    /// Cyan on dark (51), a deep blue on light (25): cyan is 1.2:1 on white.
    public var separator: Style { colors == .none ? Style(attributes: [.bold]) : Style(foreground: ink(dark: 51, light: 25, ansi: .cyan, ansiLight: .blue), attributes: [.bold]) }
    public var dim: Style { Style(attributes: [.dim]) }
    public var title: Style { Style(attributes: [.bold]) }
    public var link: Style { colors == .none ? Style(attributes: [.underline]) : Style(foreground: ink(dark: 51, light: 25, ansi: .cyan, ansiLight: .blue), attributes: [.underline]) }
    public var error: Style {
        colors == .none ? Style(attributes: [.bold]) : Style(foreground: hasCube ? .indexed(231) : .white, background: hasCube ? .indexed(160) : .red, attributes: [.bold])
    }
    /// Yellow on dark (226), a dark orange on light (94): yellow is 1.1:1 on white.
    public var warning: Style { colors == .none ? Style(attributes: [.bold]) : Style(foreground: ink(dark: 226, light: 94, ansi: .yellow, ansiLight: .red), attributes: [.bold]) }
    public var overlay: Style { footer }

    /// The selected row: reverse video keeps it visible on every shade.
    public func selected(_ base: Style) -> Style { base.adding([.reverse, .bold]) }

    /// A bike row's background by the core's shading rule: blue when more ride north, red when
    /// more ride south, from near white (strength 0) to full colour (1). The text colour flips
    /// to white on deep shades so it stays readable.
    public func shade(_ shade: RowShade) -> Style {
        let strength = min(1, max(0, shade.strength))
        switch colors {
        case .none:
            return Style(attributes: strength >= 0.75 && shade.direction != .even ? [.bold] : [])
        case .ansi8:
            let hue = Self.hue(shade.direction)
            guard shade.direction != .even, strength >= 0.1 else { return .plain }
            if strength < 0.4 { return Style(foreground: hue, attributes: [.dim]) }
            if strength < 0.7 { return Style(foreground: hue) }
            return Style(foreground: .white, background: hue, attributes: [.bold])
        case .indexed256, .truecolor:
            // Quiet and even rows keep the terminal's own background (use_default_colors): a
            // near-white tint would be a bright slab on a dark theme.
            guard shade.direction != .even, strength >= Self.quietest else { return .plain }
            let (r, g, b) = Self.tint(shade)
            let background: TerminalColor = colors == .truecolor ? .rgb(r, g, b) : .indexed(TerminalColor.nearestIndexed(r, g, b))
            let deep = shade.direction != .even && strength > 0.55
            return Style(foreground: deep ? .indexed(231) : .indexed(16), background: background)
        }
    }

    /// A row's bar: on a tinted row whose text is dark, the shade's own deepest colour, so the
    /// bar never takes the text's near-black (which a dark theme's eye reads as a hole).
    public func bar(onRow style: Style, shade: RowShade) -> Style {
        guard colors == .indexed256 || colors == .truecolor, style.background != .default,
              style.foreground == .indexed(16) else { return style }
        let (r, g, b) = Self.tint(RowShade(direction: shade.direction == .even ? .level : shade.direction, strength: 1))
        var bar = style
        bar.foreground = colors == .truecolor ? .rgb(r, g, b) : .indexed(TerminalColor.nearestIndexed(r, g, b))
        return bar
    }

    /// Below this strength a row is quiet: no tint at all.
    public static let quietest = 0.15

    /// The tutorial's colours: north (t, t, 1), south (1, t, t), with t = 1 − strength; ties white.
    public static func tint(_ shade: RowShade) -> (UInt8, UInt8, UInt8) {
        let tint = UInt8((1 - min(1, max(0, shade.strength))) * 255)
        switch shade.direction {
        case .north: return (tint, tint, 255)
        case .south: return (255, tint, tint)
        case .even: return (255, 255, 255)
        // One series: white to a deep green, which reads on dark and light screens alike.
        case .level: return (tint, UInt8(150 + Int(tint) * 105 / 255), tint)
        }
    }

    private static func hue(_ direction: RowShade.Direction) -> TerminalColor {
        switch direction {
        case .north: return .blue
        case .south: return .red
        case .level, .even: return .green
        }
    }

    /// A heatmap cell: a shaded blank where backgrounds can show the level; with 8 colours, a
    /// block as dense as the level in the direction's colour; without colour, glyphs alone
    /// (hollow or solid triangles for the directions, block density for one series).
    public func heatmapCell(_ shade: RowShade) -> (glyph: String, style: Style) {
        if colors.hasBackgrounds {
            let style = self.shade(shade)
            // A quiet hour has no tint: a faint block in its hue says there was one.
            if style == .plain, shade.direction != .even { return ("░", Style(foreground: Self.hue(shade.direction), attributes: [.dim])) }
            return (" ", style)
        }
        let strength = min(1, max(0, shade.strength))
        let density = ["░", "▒", "▓", "█"][min(3, Int(strength * 4))]
        switch (colors, shade.direction) {
        case (_, .even): return ("·", dim)
        case (.ansi8, let direction): return (density, Style(foreground: Self.hue(direction)))
        case (_, .north): return (strength >= 0.5 ? "▲" : "△", strength >= 0.75 ? title : .plain)
        case (_, .south): return (strength >= 0.5 ? "▼" : "▽", strength >= 0.75 ? title : .plain)
        case (_, .level): return (density, .plain)
        }
    }
}
