# A container image with the scrollsim tool and the shipped scenarios, for running sweeps on
# machines that take images (a Kubernetes Indexed Job: scripts/k8s/sweep-job.yaml).
#
#   docker build -t scrollsim .
#   docker run --rm -v "$PWD/out:/out" scrollsim sweep Scenarios/origami-lazy.json \
#       --vary seed=1,2,3 --out /out
#
# Built on the official Debian (bookworm) Swift images. The packages are the ones
# scripts/system-packages.sh derives from Package.swift (`build` and `runtime`; which feature
# needs which library: `scripts/system-packages.sh table`): jemalloc (the harness's allocation
# counters), SQLite (the history database) and zlib (gzip-compressed traces), the development
# files and pkg-config to build, the libraries to run.
FROM swift:6.3-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libjemalloc-dev libsqlite3-dev zlib1g-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Package.swift declares every target, tests and plugin included, so all of them are copied.
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
COPY Plugins ./Plugins
RUN swift build -c release --product scrollsim \
    && install -m 0755 "$(swift build -c release --show-bin-path)/scrollsim" /usr/local/bin/scrollsim

FROM swift:6.3-bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libjemalloc2 libsqlite3-0 zlib1g libstdc++6 \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /usr/local/bin/scrollsim /usr/local/bin/scrollsim
WORKDIR /work
COPY Scenarios ./Scenarios
COPY scripts/sweeps ./sweeps
ENTRYPOINT ["scrollsim"]
CMD ["--help"]
