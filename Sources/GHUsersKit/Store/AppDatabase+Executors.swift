import Foundation
import GRDB

/// Where SQLite runs: never on the cooperative pool.
///
/// Every statement runs on one of two executors of the database's own: the writer's (the
/// connection's serial queue, one write transaction at a time) and the readers'. A read goes
/// to the writer's queue while no write is queued or running there, where it waits for
/// nothing and reads from a warm cache, and to a read-only connection of its own (or a pool's
/// readers) while one is: in WAL mode it then reads the last commit beside the write. So a
/// read never waits behind a write, and a command that reads and writes one step after
/// another opens no second connection, which would read the schema and the pages again
/// (about 5 ms of `search` at 1M users). An `async` caller awaits ``read(_:)-(Database)->T``
/// or ``write(_:)-(Database)->T``, which schedule the body there and suspend until it ends;
/// the synchronous forms are for threads of their own (browse's queues, the search index's
/// loader, shell completion) and are unavailable from `async` code, so a pool task that calls
/// SQLite directly does not compile.
///
/// The body runs while its caller is suspended, as `DispatchQueue.sync` would run it: what it
/// captures is never touched from two threads at once, which is why it need not be `Sendable`.
///
/// A caller on the main thread, which is the process's own and none of the pool's (the body
/// of `next-page` or `search --online`), runs its statements there, as `DispatchQueue.sync`
/// runs a block on the calling thread: no hop, and no worker thread started.
extension AppDatabase {
    /// Runs `body` in a read-only transaction (a consistent snapshot) on the readers' executor.
    package func read<T>(_ body: (Database) throws -> T) async throws -> T {
        if Thread.isMainThread { return try mappingErrors { try connectionForRead().read(body) } }
        return try await onExecutor(body) { work, done in
            let onWriter = writesQueued.withLock { queued in
                guard queued == 0 else { return false }
                writer.asyncRead { database in done(Result { try work(database.get()) }) }
                return true
            }
            if !onWriter { readers.wrappedValue.asyncRead { database in done(Result { try work(database.get()) }) } }
        }
    }

    /// Runs `body` in one write transaction on the writer's executor: all of it is saved, or none.
    @discardableResult
    package func write<T>(_ body: (Database) throws -> T) async throws -> T {
        if Thread.isMainThread { return try mappingErrors { try writer.write(body) } }
        return try await onExecutor(body) { work, done in
            writesQueued.withLock { queued in
                queued += 1
                writer.asyncWrite(work) { _, result in
                    self.writesQueued.withLock { $0 -= 1 }
                    done(result)
                }
            }
        }
    }

    /// The connection a read that cannot wait goes to now: the writer's while it has no write
    /// queued, else the readers'.
    private func connectionForRead() -> any DatabaseReader {
        writesQueued.withLock { $0 == 0 } ? writer : readers.wrappedValue
    }

    /// Hands `body` to `schedule`, which runs it on an executor and calls back with its result,
    /// and suspends until then. `body` is let go before the caller resumes: it never outlives
    /// the call, though the executor's block may.
    private func onExecutor<T>(
        _ body: (Database) throws -> T,
        _ schedule: (
            _ work: @escaping @Sendable (Database) throws -> UncheckedSendable<T>,
            _ done: @escaping @Sendable (Result<UncheckedSendable<T>, any Error>) -> Void
        ) -> Void
    ) async throws -> T {
        try await mappingErrors {
            try await withoutActuallyEscaping(body) { body in
                let lent = Lent<Database, T>(body)
                return try await withUnsafeThrowingContinuation { (resumed: UnsafeContinuation<UncheckedSendable<T>, any Error>) in
                    schedule({ db in try lent.run(db) }, { result in
                        lent.release()
                        resumed.resume(with: result)
                    })
                }.value
            }
        }
    }

    /// Runs `body` in a read-only transaction on the readers' connection, blocking the calling
    /// thread: for threads of their own, never the pool.
    @available(*, noasync, message: "await read(_:) instead: SQLite blocks, and the pool must not")
    package func read<T>(_ body: (Database) throws -> T) throws -> T {
        try mappingErrors { try connectionForRead().read(body) }
    }

    /// Runs `body` in one write transaction, blocking the calling thread: for threads of their
    /// own, never the pool.
    @available(*, noasync, message: "await write(_:) instead: SQLite blocks, and the pool must not")
    @discardableResult
    package func write<T>(_ body: (Database) throws -> T) throws -> T {
        try mappingErrors { try writer.write(body) }
    }

    /// The readers' connection for `writer`: a pool reads with its own readers, and a single
    /// connection to a file gets a read-only one of its own on first read; an in-memory or
    /// read-only database reads on its one connection.
    static func readers(of writer: any DatabaseWriter) -> Lazy<any DatabaseReader> {
        Lazy {
            let path = writer.path
            guard !(writer is DatabasePool), !writer.configuration.readonly, !path.isEmpty, path != ":memory:",
                let queue = try? DatabaseQueue(path: path, configuration: readerConfiguration(label: "ghusers.readers"))
            else { return writer }
            return queue
        }
    }

    /// The settings of a read-only connection to the database file.
    static func readerConfiguration(label: String) -> Configuration {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(30)
        configuration.label = label
        addFunctions(to: &configuration)
        return configuration
    }

    private func mappingErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DatabaseError {
            throw StoreError(error, path: path)
        }
    }

    private func mappingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw StoreError(error, path: path)
        }
    }
}
