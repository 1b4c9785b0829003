/// newsboat's `highlight-article "expression" FG BG [ATTRIBUTES…]`: the rows of the headline
/// list an expression matches are drawn in these colours. Colours by newsboat's names
/// (`default`, `black`, `red`, `green`, `yellow`, `blue`, `magenta`, `cyan`, `white`, `colorN`
/// for N in 0…255); attributes `bold`, `underline`, `reverse` (and `standout`), `dim`, `italic`;
/// newsboat's `blink`, `protect` and `invis` are read and not drawn.
public struct ArticleHighlight: Sendable, Hashable {
    public enum Color: Sendable, Hashable {
        case `default`
        /// 0 black … 7 white.
        case named(UInt8)
        /// The 256-colour palette.
        case indexed(UInt8)

        static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

        /// A newsboat colour's name; nil for anything else.
        public init?(newsboat name: String) {
            let lowered = name.lowercased()
            if lowered == "default" {
                self = .default
            } else if let index = Self.names.firstIndex(of: lowered) {
                self = .named(UInt8(index))
            } else if lowered.hasPrefix("color"), let number = UInt8(lowered.dropFirst(5)), lowered.count <= 8 {
                self = .indexed(number)
            } else {
                return nil
            }
        }
    }

    public enum Attribute: String, Sendable, Hashable, CaseIterable {
        case bold, underline, reverse, standout, dim, italic, blink, protect, invis
    }

    public var text: String
    public var expression: FilterExpression
    public var foreground: Color
    public var background: Color
    public var attributes: [Attribute]

    public init(text: String, expression: FilterExpression, foreground: Color, background: Color, attributes: [Attribute] = []) {
        self.text = text
        self.expression = expression
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The rules a list evaluates: a row takes the first that matches, as newsboat's do.
    public static let maximumCount = 50
}
