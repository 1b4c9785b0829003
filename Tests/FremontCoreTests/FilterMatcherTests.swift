import Testing
@testable import FremontCore

/// The meaning of each operator, from newsboat's `matcher.rs` tests.
@Suite struct FilterMatcherTests {
    private func matches(_ text: String, _ attributes: [String: String]) throws -> Bool {
        try FilterMatcher(try FilterParser.parse(text)).matches { attributes[$0] }
    }

    @Test func equality() throws {
        #expect(try matches("abcd = \"xyz\"", ["abcd": "xyz"]))
        #expect(try !matches("abcd = \"uiop\"", ["abcd": "xyz"]))
        let numbers = ["answer": "42", "agent": "007"]
        #expect(try matches("answer = 42", numbers))
        #expect(try !matches("answer = 0042", numbers))
        #expect(try !matches("answer = 13", numbers))
        #expect(try !matches("agent = 7", numbers))
        #expect(try matches("agent = 007", numbers))
        for range in ["0:100", "100:200", "42:200", "0:42"] {
            #expect(try !matches("answer = \(range)", ["answer": "42"]))
            #expect(try matches("answer != \(range)", ["answer": "42"]))
        }
        #expect(try matches("abcd != \"uiop\"", ["abcd": "xyz"]))
        #expect(try !matches("abcd != \"xyz\"", ["abcd": "xyz"]))
        #expect(try matches("answer != 13", numbers))
        #expect(try !matches("answer != 42", numbers))
        #expect(try matches("agent != 7", numbers))
        #expect(try !matches("agent != 007", numbers))
        // Bytes, not canonical equivalence: "é" precomposed is not "e" and a combining accent.
        #expect(try !matches("t = \"e\u{301}\"", ["t": "\u{E9}"]))
    }

    @Test func regexes() throws {
        let item = ["AAAA": "12345"]
        for pattern in [".", "123", "234", "45", "^12345$"] { #expect(try matches("AAAA =~ \"\(pattern)\"", item)) }
        #expect(try !matches("AAAA =~ \"^123456$\"", item))
        #expect(try matches("AAAA =~ 12345", item))
        #expect(try matches("AAAA =~ 1", item))
        #expect(try matches("AAAA =~ 45", item))
        #expect(try !matches("AAAA =~ 9", item))
        #expect(try !matches("AAAA =~ 0:123456", item))
        #expect(try !matches("AAAA =~ 12345:99999", item))
        #expect(try matches("range =~ 0:123", ["range": "0:123"]))
        #expect(try matches("range =~ 0:12", ["range": "0:123"]))
        #expect(try !matches("range =~ 0:1234", ["range": "0:123"]))
        for pattern in [".", "123", "234", "45", "^12345$"] { #expect(try !matches("AAAA !~ \"\(pattern)\"", item)) }
        #expect(try matches("AAAA !~ \"567\"", item))
        #expect(try matches("AAAA !~ \"number\"", item))
        #expect(try matches("AAAA !~ 9", item))
        #expect(try matches("AAAA !~ 0:123456", item))
        for pattern in ["xyz", "xYz", "xYZ", "Xyz", "yZ", "^xYZ", "xYz$", "^Xyz$", "^xY", "yZ$"] {
            #expect(try matches("abcd =~ \"\(pattern)\"", ["abcd": "xyz"]))
        }
    }

    @Test func posixExtendedOnly() throws {
        // No Perl escapes: \Q…\E, \x6C, \a and \b are not what they are in Perl.
        #expect(try !matches(#"(attr =~ "^va\x6Cue")"#, ["attr": "value"]))
        #expect(try matches(#"(attr !~ "^va\x6Cue")"#, ["attr": "value"]))
        #expect(try !matches(#"(attr =~ "\a")"#, ["attr": "\u{7}"]))
        #expect(try !matches(#"(attr =~ "\b")"#, ["attr": "\u{8}"]))
        #expect(try matches("t =~ \"(foo|bar)+baz\"", ["t": "xx BARfoobaz"]))
    }

    @Test func errorsForUnknownAttributesAndBadRegexes() throws {
        #expect(throws: FilterEvaluationError.unknownAttribute("something")) { try matches("something == 123", [:]) }
        #expect(throws: FilterEvaluationError.self) { try matches("AAAA =~ \"[[\"", ["AAAA": "12345"]) }
        let error = #expect(throws: FilterEvaluationError.self) { try matches("AAAA !~ \"[[\"", ["AAAA": "12345"]) }
        #expect(error?.description.hasPrefix("'[[' is not a valid regular expression: ") == true)
        // Short-circuit: what is never reached is never asked for.
        #expect(try matches("a = 1 or nothing = 2", ["a": "1"]))
    }

    @Test func containsIsAWholeWord() throws {
        let tags = ["tags": "foo bar baz quux"]
        #expect(try matches("tags # \"foo\"", tags))
        #expect(try matches("tags # \"baz\"", tags))
        #expect(try matches("tags # \"quux\"", tags))
        #expect(try !matches("tags # \"uu\"", tags))
        #expect(try !matches("tags # \"xyz\"", tags))
        #expect(try !matches("tags # \"foo bar\"", tags))
        #expect(try matches("tags # \"foo\" and tags # \"bar\"", tags))
        #expect(try !matches("tags # \"foo\" and tags # \"xyz\"", tags))
        #expect(try matches("tags # \"foo\" or tags # \"xyz\"", tags))
        let fibonacci = ["fibonacci": "1 1 2 3 5 8 13 21 34"]
        #expect(try matches("fibonacci # 1", fibonacci))
        #expect(try matches("fibonacci # 3", fibonacci))
        #expect(try !matches("fibonacci # 4", fibonacci))
        #expect(try matches("fibonacci # \"1\"", fibonacci))
        #expect(try !matches("fibonacci # 1:5", fibonacci))
        #expect(try matches("values # \"one\"", ["values": "one"]))
        #expect(try matches("number # 1", ["number": "1"]))
        #expect(try matches("tags !# \"nein\"", tags))
        #expect(try !matches("tags !# \"foo\"", tags))
        #expect(try !matches("fibonacci !# 1", fibonacci))
        #expect(try matches("fibonacci !# 9", fibonacci))
        #expect(try matches("fibonacci !# 1:5", fibonacci))
        #expect(try !matches("values !# \"one\"", ["values": "one"]))
        #expect(try matches("values !# \"two\"", ["values": "one"]))
        // newsboat's tags end in a space: the empty word is there.
        #expect(try matches("tags # \"\"", ["tags": "a b "]))
    }

    @Test func orderingsReadIntegerPrefixes() throws {
        let item = ["AAAA": "12345"]
        #expect(try matches("AAAA > \"12344\"", item))
        #expect(try !matches("AAAA > \"12345\"", item))
        #expect(try !matches("AAAA > \"123456\"", item))
        #expect(try !matches("AAAA < \"12345\"", item))
        #expect(try matches("AAAA < \"12346\"", item))
        #expect(try matches("AAAA < \"123456\"", item))
        #expect(try matches("AAAA >= \"12345\"", item))
        #expect(try !matches("AAAA >= \"12346\"", item))
        #expect(try !matches("AAAA <= \"12344\"", item))
        #expect(try matches("AAAA <= \"12345\"", item))
        let prefixed = ["AAAA": "12345xx"]
        #expect(try matches("AAAA >= \"12345\"", prefixed))
        #expect(try matches("AAAA > \"1234a\"", prefixed))
        #expect(try !matches("AAAA < \"12345a\"", prefixed))
        #expect(try !matches("AAAA < \"9999b\"", prefixed))
        let zeros = ["zero": "0", "same_zero": "yeah"]
        #expect(try !matches("zero < \"unknown\"", zeros))
        #expect(try matches("zero <= \"unknown\"", zeros))
        #expect(try matches("same_zero >= \"0\"", zeros))
        #expect(try !matches("same_zero > \"0\"", zeros))
        #expect(try matches("AAAA > 12344", item))
        #expect(try matches("AAAA > 0:99999", item))
        #expect(try !matches("AAAA < 0:99999", item))
    }

    @Test func between() throws {
        let item = ["AAAA": "12345"]
        #expect(try !matches("AAAA between \"123\"", item))
        #expect(try !matches("AAAA between 1", item))
        #expect(try !matches("AAAA between 12345", item))
        #expect(try matches("AAAA between 0:12345", item))
        #expect(try matches("AAAA between 12345:12345", item))
        #expect(try !matches("AAAA between 23:12344", item))
        #expect(try matches("AAAA between 12346:12344", item))
        let prefixed = ["value": "123four", "practically_zero": "sure"]
        #expect(try matches("value between 122:124", prefixed))
        #expect(try !matches("value between 124:130", prefixed))
        #expect(try matches("practically_zero between 0:1", prefixed))
        #expect(try !matches("practically_zero between 1:100", prefixed))
    }

    @Test func numbersAreNewsboats() {
        #expect(FilterNumber.prefix("42") == 42)
        #expect(FilterNumber.prefix("-42abc") == -42)
        #expect(FilterNumber.prefix("abc") == 0)
        #expect(FilterNumber.prefix("-") == 0)
        #expect(FilterNumber.prefix("99999999999") == .max)
        #expect(FilterNumber.prefix("-99999999999") == .min)
        #expect(FilterNumber.prefix("2147483647") == .max)
        #expect(FilterNumber.prefix("-2147483648") == .min)
        #expect(FilterNumber.prefix("٣") == .max)  // numeric, not ASCII: newsboat's parse fails as an overflow
    }
}

/// `=~` reads UTF-8 characters whatever the process's locale, as newsboat does under a UTF-8 one.
@Suite struct POSIXRegexTests {
    @Test func charactersNotBytesAndCaseBeyondASCII() throws {
        #expect(try POSIXRegex("^.$").matches("é"))
        #expect(try POSIXRegex("^caf.$").matches("CAFÉ"))
        #expect(try POSIXRegex("ÉTÉ").matches("un été chaud"))
        #expect(try POSIXRegex("[[:alpha:]]{3}").matches("ñüé"))
        let bytes = Array("Straße".utf8)
        #expect(try bytes.withUnsafeBufferPointer { try POSIXRegex("STRASSE|STRAẞE|^stra.e$").matches($0) })
    }
}
