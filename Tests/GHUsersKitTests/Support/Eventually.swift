/// Returns once `condition` holds, looking again every millisecond, or when the test is
/// cancelled (its `.timeLimit`). A sleep, not `Task.yield()`: a yield loop keeps one of the
/// cooperative pool's threads (two on a 2-core machine) busy, starving the tasks it waits on.
func eventually(_ condition: () async -> Bool) async {
    while !(await condition()), !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(1))
    }
}
