# syntax=docker/dockerfile:1

# Build stage: the Swift toolchain on Debian 12, the same distribution as the runtime stage.
FROM swift:6.3.1-bookworm AS build
# libcurl's headers, for the UpstreamFetch trait (--upstream). Versions are not pinned: the
# base image fixes the Debian release, and its security updates replace old package versions.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libcurl4-openssl-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# scripts/build-release builds as the README's commands do: a static Swift runtime leaves glibc,
# libstdc++ and libgcc_s as the only linked libraries (libcurl is opened at run time, only when a
# fetch is asked for: --upstream, --watch-sources), and each function gets its own section, the
# linker placing the ones a server runs at start and while answering together
# (Linking/spec-server.order, written by scripts/text-order.py), so a started server maps about
# 2.5 MiB less code.
RUN binary="$(scripts/build-release --traits UpstreamFetch)" \
    && install -D "$binary" /out/spec-server

# Runtime stage: the binary (data embedded), and libcurl with the CA certificates for https
# upstreams and the source watch.
FROM debian:bookworm-slim
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libcurl4 ca-certificates \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/spec-server /usr/local/bin/spec-server
# Settings come from the environment (every flag has a SPEC_SERVER_* variable); nothing below
# passes flags, so `docker run -e SPEC_SERVER_PORT=9000` is obeyed. Flags after the image name
# still override a variable.
ENV SPEC_SERVER_HOST=0.0.0.0 \
    SPEC_SERVER_PORT=8080
USER 65532:65532
EXPOSE 8080
# The health check reads the same variables, so it asks the port the server listens on; it is
# the binary itself, so the image needs no curl.
HEALTHCHECK --interval=30s --timeout=6s --start-period=5s --retries=3 \
    CMD ["/usr/local/bin/spec-server", "health-check"]
# Exec form, so the server is PID 1 and receives SIGTERM (graceful drain) and SIGHUP (reload).
ENTRYPOINT ["/usr/local/bin/spec-server"]
