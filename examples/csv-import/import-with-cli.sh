#!/usr/bin/env bash
# Imports products.csv into a "products" collection of a site with the pagewright CLI: creates the
# collection and its fields when they are missing, then imports the rows (updating by sku, so running
# it again updates the same items rather than adding copies).
# Needs PAGEWRIGHT_SITE, and a login (pagewright login) or PAGEWRIGHT_API_KEY; PAGEWRIGHT_URL optional.
# Usage: examples/csv-import/import-with-cli.sh [file.csv]    (run from the repository root)
set -euo pipefail

: "${PAGEWRIGHT_SITE:?set PAGEWRIGHT_SITE to the site domain, e.g. shop.example.com}"
here="$(cd "$(dirname "$0")" && pwd)"
file="${1:-$here/products.csv}"

# --no-install: the pagewright of this checkout, never a package fetched on the fly.
pw() { npx --no-install pagewright "$@"; }

if ! pw collections list | cut -f1 | grep -qx products; then
  pw collections create products --name Products --icon Cart >/dev/null
fi
existing="$(pw fields list -c products | cut -f1)"
add_field() { # name, then the options of `fields add`
  local name="$1"; shift
  grep -qx "$name" <<<"$existing" || pw fields add "$name" -c products "$@" >/dev/null
}
add_field title --type text --title Title
add_field sku --type text --title SKU
add_field category --type enum --title Category --options Shoes,Shirts,Hats,Bags
add_field price --type number --title Price
add_field released --type date --title Released
add_field tags --type list --title Tags
add_field description --type richtext --title Description
add_field published --type published --title Published

# "In stock" (yes/no) goes to the published toggle; every other column is named like its field.
pw items import "$file" -c products --upsert-by sku --map "In stock=published" --json
