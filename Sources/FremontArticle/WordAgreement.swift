/// How far two texts hold the same words: the words (lower-cased letters and digits) of each
/// counted as a bag, their overlap over each side's total; `score` is the F1 of the two shares.
/// 1 when both say the same words, whatever their order or spacing.
public struct WordAgreement: Sendable, Equatable {
    /// The share of the found text's words that the expected text has too.
    public var precision: Double
    /// The share of the expected text's words that the found text has too.
    public var recall: Double

    public var score: Double {
        precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
    }

    public init(found: String, expected: String) {
        let foundWords = Self.words(found)
        let expectedWords = Self.words(expected)
        var counts: [Substring: Int] = [:]
        for word in expectedWords { counts[word, default: 0] += 1 }
        var shared = 0
        for word in foundWords {
            if let count = counts[word], count > 0 {
                counts[word] = count - 1
                shared += 1
            }
        }
        if foundWords.isEmpty && expectedWords.isEmpty {
            precision = 1
            recall = 1
        } else {
            precision = foundWords.isEmpty ? 0 : Double(shared) / Double(foundWords.count)
            recall = expectedWords.isEmpty ? 0 : Double(shared) / Double(expectedWords.count)
        }
    }

    static func words(_ text: String) -> [Substring] {
        let lowered = text.lowercased()
        return lowered.split { !$0.isLetter && !$0.isNumber }
    }
}
