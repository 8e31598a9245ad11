//! The words of the analytics reports' requests.

string_enum!(
    /// Whose activity a report counts: `mine` (the agents I own or share
    /// through a team; the default) or `platform` (every agent; admins only).
    ReportScope {
        Mine = "mine",
        Platform = "platform",
    }
);

string_enum!(
    /// How a report's series is grouped in time (UTC).
    Interval {
        Hour = "hour",
        Day = "day",
        Month = "month",
    }
);

string_enum!(
    /// The series `/analytics/metrics` draws.
    Metric {
        Conversations = "conversations",
        Messages = "messages",
        Answers = "answers",
        TokensIn = "tokens_in",
        TokensOut = "tokens_out",
        Errors = "errors",
        ErrorRate = "error_rate",
        LatencyAverage = "latency_avg",
        LatencyP95 = "latency_p95",
        FirstTokenP95 = "first_token_p95",
        ToolCalls = "tool_calls",
    }
);
