import ArgumentParser
import Foundation
import GHUsersKit

/// Runs a command's body with the service its settings describe, and turns any failure into one
/// line on stderr and a documented exit code.
enum CommandRunner {
    nonisolated(nonsending) static func run(
        _ settings: GlobalSettings, waitForNetwork: Bool = false,
        _ body: nonisolated(nonsending) (CombinedService) async throws -> Void
    ) async throws {
        let service: CombinedService
        do {
            service = try CombinedService(
                configuration: settings.serviceConfiguration(waitForNetwork: waitForNetwork),
                onRetry: { event in Messages.retrying(event, waitingForNetwork: waitForNetwork) })
        } catch {
            Messages.error(error)
            throw ExitCode(ExitStatus(for: error).rawValue)
        }
        do {
            try await body(service)
            OutputStream.standardOutput.flush()
            await service.shutdown()
        } catch {
            OutputStream.standardOutput.flush()
            await service.shutdown()
            if error is ExitCode || error is CleanExit { throw error }
            Messages.error(error)
            throw ExitCode(ExitStatus(for: error).rawValue)
        }
    }
}
