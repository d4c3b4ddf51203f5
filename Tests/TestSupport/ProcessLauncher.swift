import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The one way tests start a child process with Foundation's `Process`: one launch at a time, with no signal blocked.
///
/// Two faults of `Process.run()` on Linux, both seen on loaded full-suite runs, make this necessary:
/// - **Descriptors leak between concurrent launches.** `run()` makes a socket pair (its only way to learn that the
///   child exited) and pipes, then closes in the child every descriptor that was open when it listed them. A launch
///   on another thread in between inherits the first child's socket and pipes; while that second child lives (a
///   D-Bus daemon), the first one is never reaped and its output never ends. Launches (with the pipes they need,
///   made in `prepare`) therefore run one at a time.
/// - **Children inherit the launching thread's signal mask,** and Dispatch's worker threads, on which tests run,
///   block SIGTERM and most other signals: `terminate()` then never reached the child (a test's D-Bus daemon outlived
///   the test). The mask is emptied around the launch, so the child starts like a process started from a shell.
public enum ProcessLauncher {
    private static let oneAtATime = Mutex<Void>(())

    /// Runs `prepare` (make the process's pipes there), then launches `process`.
    public static func run(_ process: Process, prepare: () -> Void = {}) throws {
        try oneAtATime.withLock { _ in
            prepare()
            var unblocked = sigset_t()
            var previous = sigset_t()
            sigemptyset(&unblocked)
            pthread_sigmask(SIG_SETMASK, &unblocked, &previous)
            defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
            try process.run()
        }
    }
}
