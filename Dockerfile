# syntax=docker/dockerfile:1

# Build stage: the Swift toolchain on Debian 12, the same distribution as the runtime stage.
FROM swift:6.3.1-bookworm AS build
WORKDIR /src
COPY . .
# A static Swift runtime (and Foundation) leaves only glibc, libstdc++ and libgcc_s as
# dependencies, all of which debian:bookworm-slim has.
RUN swift build -c release --static-swift-stdlib --product spec-server \
    && install -D "$(swift build -c release --show-bin-path)/spec-server" /out/spec-server

# Runtime stage: the binary and nothing else; the data is embedded in it.
FROM debian:bookworm-slim
COPY --from=build /out/spec-server /usr/local/bin/spec-server
USER 65532:65532
EXPOSE 8080
# Exec form, so the server is PID 1 and receives SIGTERM (graceful drain) and SIGHUP (reload).
ENTRYPOINT ["/usr/local/bin/spec-server", "--host", "0.0.0.0", "--port", "8080"]
