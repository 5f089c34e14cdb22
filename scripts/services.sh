# Sourced by scripts/test.sh: the system services some tests need, on Debian.
#
# - Debian's chromium (with a CJK font), which the browser tests drive through Playwright (Playwright never
#   downloads a browser here);
# - a throwaway PostgreSQL server for the store's PostgreSQL tests, in a temporary folder,
#   stopped when the tests end.
# Where packages cannot be installed (not root, no apt-get), those tests skip and say why.

install_debian_packages() {
    local need=()
    [ -x /usr/bin/chromium ] || need+=(chromium)
    compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || need+=(postgresql)
    # a CJK font (Noto Sans CJK), so that the browser tests' screenshots show the Chinese boards' words
    [ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || need+=(fonts-noto-cjk)
    [ ${#need[@]} -eq 0 ] && return 0
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        echo "services: cannot install ${need[*]} (needs root and apt-get); those tests will skip"
        return 0
    fi
    echo "services: installing ${need[*]}"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
}

start_postgresql() {
    local initdb
    initdb=$(compgen -G "/usr/lib/postgresql/*/bin/initdb" | sort -V | tail -1) || return 0
    [ -n "$initdb" ] || return 0
    local bin run port
    port=${EUROGAMES_PG_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
    bin=$(dirname "$initdb")
    run=$(mktemp -d /tmp/eurogames-pg.XXXXXX)
    chmod 755 "$run"
    local as=()
    if [ "$(id -u)" = 0 ]; then  # the server refuses to run as root
        id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
        chown postgres "$run"
        as=(runuser -u postgres --)
    fi
    "${as[@]}" "$bin/initdb" -D "$run/data" -A trust -U postgres >/dev/null
    "${as[@]}" "$bin/pg_ctl" -D "$run/data" -l "$run/log" -w \
        -o "-p $port -k $run -c listen_addresses=127.0.0.1" start >/dev/null
    "${as[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres eurogames_test
    export EUROGAMES_TEST_DATABASE_URL="postgresql+psycopg://postgres@127.0.0.1:$port/eurogames_test"
    PG_STOP=("${as[@]}" "$bin/pg_ctl" -D "$run/data" -m fast stop)
    PG_RUN=$run
    echo "services: PostgreSQL on 127.0.0.1:$port for the store tests"
}

stop_postgresql() {
    if [ -n "${PG_RUN:-}" ]; then
        "${PG_STOP[@]}" >/dev/null 2>&1 || true
        rm -rf "$PG_RUN"
    fi
}
