#!/usr/bin/env bash
# Saves the site as a version and publishes it, with an API key of the site.
# Needs PAGEWRIGHT_URL, PAGEWRIGHT_API_KEY and PAGEWRIGHT_SITE (in CI: from the repository's secrets).
# Prints the publish as JSON on stdout (version hash, md5, size, download URL); messages go to stderr.
# Exits non-zero when the commit or the publish fails (1), or the key is refused (4).
set -euo pipefail

: "${PAGEWRIGHT_URL:?set PAGEWRIGHT_URL to the Pagewright server, e.g. https://builder.example.com}"
: "${PAGEWRIGHT_API_KEY:?set PAGEWRIGHT_API_KEY to an API key of the site (pagewright api-keys create)}"
: "${PAGEWRIGHT_SITE:?set PAGEWRIGHT_SITE to the site domain}"

sha="${GITHUB_SHA:-}"
message="${1:-Published from CI${sha:+ at ${sha:0:7}}}"

# The installed CLI (npm install -g pagewright@<version>), else the one of the project or checkout
# this runs in; --no-install: never a package fetched on the fly.
if command -v pagewright >/dev/null 2>&1; then pw() { pagewright "$@"; }; else pw() { npx --no-install pagewright "$@"; }; fi

hash=$(pw versions commit -m "$message")
echo "Saved version $hash: $message" >&2
pw publish --json
