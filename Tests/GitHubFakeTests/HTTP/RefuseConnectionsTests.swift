import GitHubFake
import Testing

@Suite("Refusing connections")
struct RefuseConnectionsTests {
    @Test("refuseConnections makes connects fail with ECONNREFUSED, then serves again on the same port")
    func refuseThenServe() async throws {
        try await FakeHarness.run { fake async throws in
            // Given a running server
            let port = fake.server.port
            #expect(try await fake.request("/users").status == 200)

            // When it refuses connections for 3 s, counted from the old listener's end, which
            // the call awaits (a slow shutdown on a loaded machine cannot eat the window)
            try await fake.server.refuseConnections(for: .seconds(3))

            // Then connecting is refused by the kernel, at once
            #expect(RawSocket.connectError(port: port) == RawSocket.connectionRefused)

            // And afterwards the same port serves again
            try await Self.waitUntilListening(port: port)
            #expect(fake.server.port == port)
            #expect(try await fake.request("/users/octocat").status == 200)
        }
    }

    @Test("POST /_fake/refuse answers 202, then refuses, then serves again")
    func refuseOverHTTP() async throws {
        try await FakeHarness.run { fake async throws in
            let port = fake.server.port
            let answer = try await fake.request("/_fake/refuse?seconds=3", method: .POST)
            #expect(answer.status == 202)

            let refused = await Self.poll { RawSocket.connectError(port: port) == RawSocket.connectionRefused }
            #expect(refused)
            try await Self.waitUntilListening(port: port)
            #expect(try await fake.request("/users").status == 200)
        }
    }

    @Test("stop closes the port; refusing a stopped server is an error")
    func stopCloses() async throws {
        let server = GitHubFakeServer()
        try await server.start()
        let port = server.port
        #expect(RawSocket.connectError(port: port) == 0)

        await server.stop()

        #expect(RawSocket.connectError(port: port) == RawSocket.connectionRefused)
        await #expect(throws: GitHubFakeServer.LifecycleError.self) {
            try await server.refuseConnections(for: .milliseconds(10))
        }
    }

    static func waitUntilListening(port: Int) async throws {
        let listening = await poll { RawSocket.connectError(port: port) == 0 }
        try #require(listening, "the fake did not listen again on port \(port)")
    }

    /// Checks `condition` every 20 ms for up to 45 s (past the longest refusal window, 20 s).
    static func poll(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<2_250 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return false
    }
}
