import FremontCore

/// What arrives at a view from outside, through `BrowserState.update`.
public enum ViewMessage: Sendable {
    /// A load for this view started.
    case loadStarted(source: String)
    /// A load for this view finished with data.
    case loaded(source: String, LoadPayload)
    /// A load for this view failed; the view keeps what it showed.
    case loadFailed(source: String, LoadError)
    /// Any view's load finished: sent to every view (the Log keeps them).
    case report(LoadReport)
    /// A program the browser ran ended: sent to every view (after editing the feeds file, the
    /// feed list takes the list as it now is).
    case programFinished(ProgramOutcome)
    /// A screen opened over this one closed: this one shows again.
    case revealed
    /// What was typed at the view's prompt.
    case answer(String)
    /// A command this screen ran finished (`ViewEffect.run`).
    case reply(CommandReply)
}
