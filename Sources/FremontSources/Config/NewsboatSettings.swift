/// newsboat's settings fremont does not read, so a config written for newsboat says of each
/// that it is newsboat's and not supported, rather than unknown.
enum NewsboatSettings {
    static let names: Set<String> = [
        "always-display-description", "always-download", "articlelist-format",
        "articlelist-title-format", "bookmark-autopilot", "bookmark-interactive", "cache-file",
        "cleanup-on-quit", "color", "cookie-cache", "delete-read-articles-on-quit",
        "dialogs-title-format", "display-article-progress", "download-full-page", "download-retries",
        "download-timeout", "error-log", "external-url-viewer", "feedlist-format",
        "feedlist-title-format", "filebrowser-title-format", "goto-first-unread", "help-title-format", "highlight",
        "highlight-feed", "history-limit", "html-renderer", "http-auth-method",
        "include", "itemview-title-format", "macro", "mark-as-read-on-hover",
        "max-browser-tabs", "max-download-speed", "notify-beep",
        "notify-screen", "openbrowser-and-mark-jumps-to-next-unread", "opml-url", "pager",
        "podcast-auto-enqueue", "podlist-format", "prepopulate-query-feeds", "proxy", "proxy-auth",
        "proxy-auth-method", "proxy-type", "refresh-on-startup", "reload-only-visible-feeds", "reload-threads",
        "reset-unread-on-update", "run-on-startup", "save-path", "scrolloff", "search-highlight-colors",
        "searchresult-title-format", "selectfilter-title-format", "selecttag-title-format", "show-keymap-hint",
        "show-title-bar", "ssl-verifyhost", "ssl-verifypeer", "suppress-first-reload", "swap-title-and-hints",
        "toggleitemread-jumps-to-next-unread", "unbind-key", "urls-source", "urlview-title-format", "use-proxy",
        "user-agent", "wrap-scroll", "player-format", "feedbin-login", "feedbin-password", "freshrss-url",
        "freshrss-login", "freshrss-password", "miniflux-url", "miniflux-login", "miniflux-password",
        "newsblur-login", "newsblur-password", "ocnews-url", "ocnews-login", "ocnews-password", "oldreader-login",
        "oldreader-password", "ttrss-url", "ttrss-login", "ttrss-password", "inoreader-login", "inoreader-password",
        "feedhq-login", "feedhq-password", "keymap-hint-bar",
    ]
}
