import FremontCore
import Foundation

/// HTML to text: any markup renders, and the text is safe for a terminal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTMLText(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let html = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let rendered = HTMLText.render(html)
    fuzzCheck(isTerminalSafe(rendered.text), "control or bidi character in rendered text")
    for link in rendered.links {
        fuzzCheck(isTerminalSafe(link) && !link.contains("\n"), "unsafe link text")
    }
    return 0
}
