import ArgumentParser

/// `--limit N` or `--limit all`: how many results a command lists. Without it, JSON (for a
/// program) lists every one and text (for a person) the first 50, saying how many it left out.
enum ResultLimit: ExpressibleByArgument, Equatable {
    case all
    case count(Int)

    init?(argument: String) {
        if argument == "all" {
            self = .all
        } else if let count = Int(argument) {
            // Any number, so `validate` can say what a limit must be.
            self = .count(count)
        } else {
            return nil
        }
    }

    static let textDefault = 50

    /// Why a limit given cannot be used, nil when it can.
    var problem: String? {
        if case .count(let count) = self, count < 1 { return "--limit must be a number above 0, or all; not \(count)." }
        return nil
    }

    /// How many to list of `matched`.
    func listed(of matched: Int) -> Int {
        switch self {
        case .all: matched
        case .count(let count): min(count, matched)
        }
    }

    /// The limit given, else the format's own: all for JSON, 50 for text.
    static func resolved(_ given: ResultLimit?, json: Bool) -> ResultLimit {
        given ?? (json ? .all : .count(textDefault))
    }
}
