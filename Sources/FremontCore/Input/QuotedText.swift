/// Quotes untrusted text for a message, cut to a readable length.
func quoted(_ text: some StringProtocol, limit: Int = 60) -> String {
    let trimmed = text.count > limit ? text.prefix(limit) + "…" : Substring(text)
    return "'\(trimmed)'"
}
