import Foundation
import FremontCore
import Testing
@testable import FremontUI

/// Keys are data: every binding has help, nothing is bound where another binding or a global
/// key would hide it, every footer hint names bound keys, and the help shows them all.
@Suite(.needsSharedData) struct KeymapTests {
    /// Every registered view, loaded, in each of its modes, as the browser shows it.
    private static func states() throws -> [(String, BrowserState)] {
        var states: [(String, BrowserState)] = []
        let bikes = April.browser(width: 80, height: 24)
        states.append(("bikes table", bikes))
        var heatmap = bikes
        press(&heatmap, .character("h"))
        states.append(("bikes heatmap", heatmap))
        // The screens pushed over the table.
        for (key, name) in [("t", "trend"), ("p", "hourly profile"), ("I", "column stats"), ("C", "calendar"), ("P", "pivot"), ("Y", "year over year")] {
            var pushed = bikes
            press(&pushed, .character(Character(key)))
            states.append(("table \(name)", pushed))
        }
        // The feed list, and the item lists it opens.
        let list = FeedListView(feeds: [FollowedFeed(source: FeedsFixtures.nasaPath, tags: ["space"])],
                                now: { FeedsFixtures.now }, timeZone: FeedsFixtures.utc)
        var followed = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256), current: .feeds, feeds: list)
        _ = followed.update(.feedsLoaded(source: FeedsFixtures.nasaPath,
                                         .success(PreparedFeed(try FeedsFixtures.nasa(), source: FeedsFixtures.nasaPath, readItemIDs: [])), at: "1"))
        states.append(("feed list", followed))
        var picking = followed
        press(&picking, .character("t"))
        states.append(("feed list, choosing a tag", picking))
        var confirming = followed
        press(&confirming, .character("C"))
        #expect(confirming.view(FeedListView.self)!.isConfirming)
        states.append(("feed list, asking to mark all read", confirming))
        var opened = followed
        press(&opened, .enter)
        states.append(("feed list → all items", opened))
        var starred = followed
        press(&starred, .character("j"), .character("j"), .enter)
        states.append(("feed list → starred", starred))
        // One line an item, from the cache (stood in for), and an item read in it.
        var cache = HeadlineListViewTests.WindowAnswerer([(key: FeedsFixtures.nasaPath, result: try FeedsFixtures.nasa())])
        var headlines = followed
        cache.press(&headlines, .character("j"), .character("j"), .character("j"), .enter)
        states.append(("feed list → a feed's headlines", headlines))
        var reading = headlines
        cache.press(&reading, .enter)
        #expect((reading.active as? HeadlineListView)?.isReading == true)
        states.append(("reading an item", reading))
        var river = followed
        var summaries = river.view(FeedListView.self)!
        summaries.showsSummaries = true
        river = BrowserState(width: 80, height: 24, theme: Theme(colors: .indexed256), current: .feeds, feeds: summaries)
        _ = river.update(.feedsLoaded(source: FeedsFixtures.nasaPath,
                                      .success(PreparedFeed(try FeedsFixtures.nasa(), source: FeedsFixtures.nasaPath)), at: "1"))
        press(&river, .enter)
        states.append(("feed list → all items with summaries", river))
        let feeds = try FeedsFixtures.nasaBrowser()
        states.append(("feeds", feeds))
        var searching = feeds
        _ = searching.update(.key(.character("/")))
        type(&searching, "nasa")
        _ = searching.update(.key(.enter))
        #expect(searching.feeds.search != nil)
        states.append(("feeds searching", searching))
        states.append(("weather", WeatherFixtures.browser(try WeatherFixtures.sanFrancisco(), width: 80, height: 24)))
        var log = bikes
        press(&log, .character("4"))
        states.append(("log", log))
        var search = bikes
        press(&search, .character("5"))
        search.searchFound("nasa", [])
        states.append(("search", search))
        // A result read whole.
        let item = try FeedsFixtures.nasa().feed.items[0]
        var found = bikes
        press(&found, .character("5"), .character("/"))
        type(&found, "nasa")
        press(&found, .enter)
        found.searchFound("nasa", [
            SearchResult(title: item.title, feedTitle: "NASA", link: item.link, published: item.published, markedSnippet: "a", feed: FeedsFixtures.nasaPath, id: item.id),
        ])
        let opening = press(&found, .enter)
        #expect(commands(opening) == [ItemCommands.item(feed: FeedsFixtures.nasaPath, id: item.id, source: FeedsFixtures.nasaPath)])
        found.itemRead(FeedEntry.opened(item, source: FeedsFixtures.nasaPath, feedName: "NASA", isUnread: true, isStarred: false))
        #expect(screen(found).line(2).hasPrefix(" Title: NASA to Host Live Chat"))
        states.append(("search → a result read", found))
        var downloads = bikes
        press(&downloads, .character("6"))
        downloads.reply(to: .downloads, key: DownloadCommands.watchKey, label: nil, .success(DownloadChanges(version: 1, rows: DownloadsViewTests.rows)))
        states.append(("downloads", downloads))
        return states
    }

    /// Every kind of screen, the ones pushed over a tab included: every type the UI library
    /// declares a `BrowserView`, read from its sources, so a screen added later without a state
    /// here fails this test rather than going unchecked.
    @Test func everyScreenIsCovered() throws {
        let covered = Set(try Self.states().map { String(describing: type(of: $0.1.active)) })
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/FremontUI")
        let declaration = #/(?:struct|final class|class|extension)\s+(\w+)\s*:[^{]*\bBrowserView\b/#
        var screens: Set<String> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            for match in try String(contentsOf: file, encoding: .utf8).matches(of: declaration) { screens.insert(String(match.1)) }
        }
        #expect(screens.count >= 15, "the sources were not found at \(sources.path)")
        #expect(covered == screens)
    }

    @Test func everyTabIsCovered() throws {
        let covered = Set(try Self.states().map { $0.1.current })
        #expect(covered == Set(ViewRegistry.standard().map(\.id)))
    }

    @Test func everyBindingHasHelpAndIsReachable() throws {
        for (name, state) in try Self.states() {
            let view = state.active
            let global = state.globalKeymap
            // Esc is global only while loading; at other times it is the view's.
            // Reading an item, q goes back to its list and digits open its links: those keys are
            // the screen's first (and the help says so); no other global key is taken.
            let mayShadow: Set<Key> = Set([.character("q")] + (1...9).map { Key.character(Character(String($0))) })
            let alwaysGlobal = Set(global.boundKeys).subtracting([.escape]).subtracting(mayShadow)
            var seen: Set<Key> = []
            for entry in view.helpEntries {
                #expect(!entry.help.trimmingCharacters(in: .whitespaces).isEmpty, "\(name): \(entry.keys) has no help")
                #expect(!entry.keys.isEmpty, "\(name): '\(entry.help)' names no key")
            }
            for key in view.boundKeys {
                #expect(!seen.contains(key), "\(name): \(key.label) is bound twice; the second binding is never reached")
                #expect(!alwaysGlobal.contains(key), "\(name): \(key.label) is taken by a global key before the view sees it")
                seen.insert(key)
            }
            for hint in view.footerHints {
                #expect(!hint.standsFor.isEmpty, "\(name): the footer's '\(hint.keys)' stands for no key")
                for key in hint.standsFor {
                    #expect(seen.contains(key) || global.boundKeys.contains(key), "\(name): the footer names \(key.label), which nothing handles")
                }
            }
            for entry in global.help {
                #expect(!entry.help.isEmpty)
            }
        }
    }

    /// The help read at 80×24, scrolled from its top to its end.
    private func helpLines(_ state: BrowserState) -> (first: [String], all: [String]) {
        var state = state
        _ = state.update(.key(.character("?")))
        #expect(state.showsHelp)
        var seen: [String] = []
        let first = screen(state).lines
        var previous: [String] = []
        for _ in 0..<100 {
            let lines = screen(state).lines
            if lines == previous { break }
            seen += lines
            previous = lines
            _ = state.update(.key(.character("j")))
        }
        #expect(state.showsHelp)
        return (first, seen)
    }

    @Test func theHelpAt80x24ShowsEveryKeyAndScrolls() throws {
        for (name, state) in try Self.states() {
            let (first, all) = helpLines(state)
            let text = all.joined(separator: "\n")
            for entry in state.globalKeymap.help + state.active.helpEntries {
                let line = "  " + TextLayout.padRight(entry.keys, to: 18) + entry.help
                #expect(text.contains(line), "\(name): the help lacks '\(line)'")
            }
            // More than fits: the first screen shows the scroll indicator and not the end.
            #expect(first.contains { $0.contains("▼") }, "\(name)")
            #expect(!first.joined().contains("Mouse"), "\(name)")
            #expect(text.contains("click a tab"), "\(name)")
            #expect(first.contains { $0.contains(HelpOverlay.closing) }, "\(name)")
        }
    }

    @Test func helpScrollsWithPagesAndClosesOnAnyOtherKey() {
        var state = April.browser(width: 80, height: 24)
        press(&state, .character("?"))
        let top = screen(state).lines
        press(&state, .pageDown)
        #expect(screen(state).lines != top)
        #expect(screen(state).lines.joined().contains("▲"))
        press(&state, .pageUp)
        #expect(screen(state).lines == top)
        // The wheel scrolls it too.
        _ = state.update(.mouse(MouseEvent(x: 40, y: 10, kind: .wheelDown)))
        #expect(screen(state).lines != top)
        press(&state, .character("x"))
        #expect(!state.showsHelp)
        // q closes it, as newsboat's help; Ctrl-C quits from it.
        press(&state, .character("?"))
        #expect(press(&state, .character("q")) == [] && !state.showsHelp)
        press(&state, .character("?"))
        #expect(press(&state, .control("c")) == [.quit])
    }
}
