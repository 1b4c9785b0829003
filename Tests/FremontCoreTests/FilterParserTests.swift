import Testing
@testable import FremontCore

/// newsboat's filter language read as newsboat reads it: the cases are those of newsboat's own
/// `filterparser.rs` tests and the examples of its documentation (doc/newsboat.asciidoc, "Filter
/// Language"), with newsboat's positions and messages.
@Suite struct FilterParserTests {
    private func parse(_ text: String) -> Result<FilterExpression, FilterParseError> {
        Result { () throws(FilterParseError) in try FilterParser.parse(text) }
    }

    private func expected(_ position: Int, _ what: FilterParseError.Expected) -> Result<FilterExpression, FilterParseError> {
        .failure(FilterParseError(position: position, .expected(what)))
    }

    private func trailing(_ position: Int, _ tail: String) -> Result<FilterExpression, FilterParseError> {
        .failure(FilterParseError(position: position, .trailingCharacters(tail)))
    }

    private func compare(_ attribute: String, _ op: FilterOperator, _ value: String) -> FilterExpression {
        .comparison(FilterComparison(attribute, op, value))
    }

    @Test func theDocumentedExamplesParse() throws {
        #expect(try FilterParser.parse("unread_count > 0") == compare("unread_count", .greaterThan, "0"))
        #expect(try FilterParser.parse("rssurl =~ \"^https:\"") == compare("rssurl", .regexMatches, "^https:"))
        #expect(try FilterParser.parse("age between 0:10") == compare("age", .between, "0:10"))
        #expect(try FilterParser.parse("( unread_count > 0 and unread_count < 10 ) or total_count > 100")
                == .or(.and(compare("unread_count", .greaterThan, "0"), compare("unread_count", .lessThan, "10")),
                       compare("total_count", .greaterThan, "100")))
        #expect(try FilterParser.parse("( author =~ \"Frank\" or author =~ \"John\" ) and ( title =~ \"Linux\" or title =~ \"FreeBSD\" )")
                == .and(.or(compare("author", .regexMatches, "Frank"), compare("author", .regexMatches, "John")),
                        .or(compare("title", .regexMatches, "Linux"), compare("title", .regexMatches, "FreeBSD"))))
    }

    @Test func errorsOnInvalidQueriesAtNewsboatsPositions() {
        #expect(parse("title =¯ \"foo\"") == expected(7, .value))        // a byte offset: ¯ is two bytes
        #expect(parse("a = \"b") == expected(4, .value))
        #expect(parse("a = b") == expected(4, .value))
        #expect(parse("a !! \"b\"") == expected(2, .op))
        #expect(parse("((a=\"b\")))") == trailing(9, ")"))
        #expect(parse("AAAA between 0:15:30") == trailing(17, ":30"))
        #expect(parse("x = 42andy=0") == trailing(6, "andy=0"))
        #expect(parse("x = 42 andy=0") == trailing(7, "andy=0"))
        #expect(parse("=!") == expected(0, .attributeName))
        #expect(parse("") == expected(0, .attributeName))
    }

    @Test func messagesAreNewsboats() {
        #expect(FilterParseError(position: 7, .expected(.value)).description
                == "Parse error at position 7: expected one of: quoted string, range, number")
        #expect(FilterParseError(position: 2, .expected(.op)).description
                == "Parse error at position 2: expected one of: =~, ==, =, !~, !=, <=, >=, <, >, between, #, !#")
        #expect(FilterParseError(position: 0, .expected(.attributeName)).description == "Parse error at position 0: expected attribute name")
        #expect(FilterParseError(position: 9, .trailingCharacters(")")).description == "Parse error: trailing characters after position 9: )")
    }

    @Test func validQueries() {
        for text in ["a = \"b\"", "(a=\"b\")", "((a=\"b\"))", "a != \"b\"", "a =~ \"b\"", "a !~ \"b\"",
                     "( a = \"b\") and ( b = \"c\" ) or ( ( c != \"d\" ) and ( c !~ \"asdf\" )) or c != \"xx\""] {
            #expect(throws: Never.self, "\(text)") { try FilterParser.parse(text) }
        }
    }

    @Test func equalsAndDoubleEqualsAreOne() throws {
        #expect(try FilterParser.parse("a = \"abc\"") == compare("a", .equals, "abc"))
        #expect(try FilterParser.parse("a == \"abc\"") == compare("a", .equals, "abc"))
        #expect(try FilterParser.parse("title==\"\"") == compare("title", .equals, ""))
    }

    @Test func nulBytes() throws {
        #expect(throws: FilterParseError.self) { try FilterParser.parse("attri\0bute = 0") }
        #expect(throws: FilterParseError.self) { try FilterParser.parse("attribute\0= 0") }
        #expect(throws: FilterParseError.self) { try FilterParser.parse("attribute = \0") }
        #expect(throws: FilterParseError.self) { try FilterParser.parse("attribute = \\\"\0\\\"") }
        #expect(try FilterParser.parse("attribute = \"hello\0world\"") == compare("attribute", .equals, "hello\0world"))
    }

    @Test func andAndOrNeedASpaceOrParenthesisAfterThem() throws {
        let and = FilterExpression.and(compare("a", .equals, "42"), compare("y", .equals, "0"))
        let or = FilterExpression.or(compare("a", .equals, "42"), compare("y", .equals, "0"))
        for word in ["and", "or"] {
            #expect(throws: FilterParseError.self) { try FilterParser.parse("a=42\(word)y=0") }
            #expect(throws: FilterParseError.self) { try FilterParser.parse("(a=42)\(word)y=0") }
            #expect(throws: FilterParseError.self) { try FilterParser.parse("a=42 \(word)y=0") }
            let tree = word == "and" ? and : or
            #expect(try FilterParser.parse("a=42\(word)(y=0)") == tree)
            #expect(try FilterParser.parse("(a=42)\(word)(y=0)") == tree)
            #expect(try FilterParser.parse("a=42\(word) y=0") == tree)
        }
        #expect(try FilterParser.parse("x = \"42\"and y=0") == .and(compare("x", .equals, "42"), compare("y", .equals, "0")))
        #expect(try FilterParser.parse("x = \"42\"or y=42") == .or(compare("x", .equals, "42"), compare("y", .equals, "42")))
    }

    @Test func onlyTheSpaceIsWhiteSpace() {
        let bar = compare("array", .contains, "bar")
        for text in ["array # \"bar\"", "   array # \"bar\"", "array   # \"bar\"", "array #   \"bar\"", "array # \"bar\"     ",
                     "array#  \"bar\"  ", "     array         #         \"bar\"      "] {
            #expect(parse(text) == .success(bar), "\(text)")
        }
        #expect(parse("attr\t= \"value\"") == expected(4, .op))
        #expect(parse("attr =\t\"value\"") == expected(6, .value))
        #expect(parse("attr\n=\t\"value\"") == expected(4, .op))
        #expect(parse("attr\u{b}=\"value\"") == expected(4, .op))
        #expect(parse("attr=\"value\"\r\n") == trailing(12, "\r\n"))
    }

    @Test func everyOperatorAndKindOfValue() throws {
        #expect(try FilterParser.parse("(a!=\"b\")") == compare("a", .notEquals, "b"))
        #expect(try FilterParser.parse("((a=~\"b\"))") == compare("a", .regexMatches, "b"))
        #expect(try FilterParser.parse("a < \"b\"") == compare("a", .lessThan, "b"))
        #expect(try FilterParser.parse("a <= \"b\"") == compare("a", .lessThanOrEquals, "b"))
        #expect(try FilterParser.parse("a > \"abc\"") == compare("a", .greaterThan, "abc"))
        #expect(try FilterParser.parse("a >= 3") == compare("a", .greaterThanOrEquals, "3"))
        #expect(try FilterParser.parse("some_value between 0:-1") == compare("some_value", .between, "0:-1"))
        #expect(try FilterParser.parse("other_string between \"impossible\"") == compare("other_string", .between, "impossible"))
        #expect(try FilterParser.parse("answers !# 42") == compare("answers", .notContains, "42"))
        // The escape is kept as written, as newsboat keeps it (regcomp reads `\s`, `\"`).
        #expect(try FilterParser.parse("author =~ \"\\s*Doe$\"") == compare("author", .regexMatches, "\\s*Doe$"))
        #expect(try FilterParser.parse("title = \"say \\\"hi\\\"\"") == compare("title", .equals, "say \\\"hi\\\""))
        #expect(try FilterParser.parse("value between -100:-1") == compare("value", .between, "-100:-1"))
        #expect(try FilterParser.parse("value between 123:-10") == compare("value", .between, "123:-10"))
        #expect(try FilterParser.parse("feed.x-y_z == 0") == compare("feed.x-y_z", .equals, "0"))
    }

    @Test func chainsGroupToTheRightWithoutPrecedence() throws {
        let a = compare("a", .equals, "b"), b = compare("b", .equals, "c"), c = compare("c", .equals, "d")
        #expect(try FilterParser.parse("a = \"b\" and b = \"c\" or c = \"d\"") == .and(a, .or(b, c)))
        #expect(try FilterParser.parse("a = \"b\" or b = \"c\" and c = \"d\"") == .or(a, .and(b, c)))
        #expect(try FilterParser.parse("(a = \"b\" or b = \"c\") and c = \"d\"") == .and(.or(a, b), c))
    }

    @Test func deepNestingIsLinearAndBounded() throws {
        // Every alternative re-tried at every level would take 3^150 steps here.
        let nested = String(repeating: "(", count: 150) + "a = 1" + String(repeating: ")", count: 150)
        #expect(try FilterParser.parse(nested) == compare("a", .equals, "1"))
        let chain = (1...150).map { "a = \($0)" }.joined(separator: " or ")
        #expect(try FilterParser.parse(chain).comparisons.count == 150)
        let tooDeep = String(repeating: "(", count: 10_000) + "a = 1" + String(repeating: ")", count: 10_000)
        #expect(parse(tooDeep) == .failure(FilterParseError(position: FilterParser.maximumDepth, .tooDeep(FilterParser.maximumDepth))))
    }
}
