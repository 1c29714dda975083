# Bash completion: sources completion/rankfile.bash and asks _rankfile for completions the way
# bash does (COMP_WORDS, COMP_CWORD): commands, options, option values ("--lang de" and
# "--lang=de"), comma lists, file names. Then checks it against the program itself: every
# command of 'rankfile --help' is completed, and so is every option each command's --help
# lists before its examples, and --variant of every command that takes it completes every
# variant of the library's table and nothing else (DOC_TABLES, tests/doc_tables.c). Needs
# bash: skips (77) without it, except under RF_CI.
# usage: completion.sh RANKFILE COMPLETION_SCRIPT [DOC_TABLES]
if [ -z "$BASH_VERSION" ]; then
    if ! command -v bash >/dev/null 2>&1; then
        [ -n "$RF_CI" ] && { echo "FAILED: bash is missing" >&2; exit 1; }
        echo "SKIP: bash is missing (apt-get install bash)"
        exit 77
    fi
    exec bash "$0" "$@"
fi
. "$(dirname "$0")/lib.sh"
RF=$1
. "$2" || { bad "cannot source $2"; finish; exit; }

# words WORD...: the completions of the last word (may be empty), sorted, space-separated.
words() {
    COMP_WORDS=("$@")
    COMP_CWORD=$(($# - 1))
    COMP_LINE="$*"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _rankfile 2>/dev/null
    printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ *$//'
}

# want NAME EXPECTED WORD...
want() {
    name=$1 expected=$2; shift 2
    got=$(words "$@")
    if [ "$got" = "$expected" ]; then ok; else bad "$name: '$got', expected '$expected'"; fi
}

want "commands" "--help --version 960 analyse atomic book fen help is960 judge key moves opening perft pgn play show status tb" rankfile ""
want "command prefix" "show status" rankfile s
want "options" "--chess960 --color --colour" rankfile show --c
want "color values" "16 256 always auto never" rankfile show --color ""
want "languages" "da de dk" rankfile 960 --lang d
want "short -l" "fi fr" rankfile 960 -l f
want "--lang=" "cs cy da de dk ee en es et fi fr ga hu ir is it lt lv nl no pl pt ro se sv" rankfile 960 --lang = ""
want "--lang=e" "ee en es et" rankfile 960 --lang = e
want "variants" "antichess atomic" rankfile perft --variant a
want "variant chess960" "chess960" rankfile fen --variant ch
want "perft --so" "--sort" rankfile perft --so
want "formats" "fen json line map" rankfile 960 --format ""
want "pgn formats" "csv fen json pgn san tsv uci" rankfile pgn --format ""
want "pgn position" "startpos" rankfile pgn --position ""
want "pgn opening: moves, no completion" "" rankfile pgn --opening ""
want "accept list" "castling,ep" rankfile fen --accept castling,e
want "960 random" "random" rankfile 960 r
want "help COMMAND" "show status" rankfile help s
want "judge takes only --help and --version" "--help --version" rankfile judge --
want "no value for --seed" "" rankfile 960 --seed ""
want "after a value, options again" "--flip" rankfile show --color never --fl
: >"$tmp/board.svg"
want "svg file names" "$tmp/board.svg" rankfile show --svg "$tmp/bo"
want "perft --sum files" "$tmp/board.svg" rankfile perft --sum "$tmp/board.svg" "$tmp/bo"
want "perft options" "--hash --help" rankfile perft --h
want "kernels" "auto bmi2 portable" rankfile perft --kernel ""
want "--kernel=p" "portable" rankfile perft --kernel = p
want "perft --k" "--kernel" rankfile perft --k

# Against the program: its commands, and the options in each command's help.
cmds=$("$RF" --help | sed -n '/^commands:/,/^$/s/^  \([^ ]*\) .*/\1/p' | sort | tr '\n' ' ' | sed 's/ *$//')
[ -n "$cmds" ] && ok || bad "no commands in 'rankfile --help'"
got=$(words rankfile "" | tr ' ' '\n' | grep -v -e '^-' -e '^help$' | tr '\n' ' ' | sed 's/ *$//')
[ "$got" = "$cmds" ] && ok || bad "commands completed: '$got'; rankfile --help lists '$cmds'"
for cmd in $cmds; do
    offered=" $(words rankfile "$cmd" --) "
    for opt in $("$RF" "$cmd" --help | sed '/^examples\{0,1\}:/,$d' | grep -o -- '--[a-z0-9][a-z0-9-]*' | sort -u); do
        case $offered in
        *" $opt "*) ok ;;
        *) bad "rankfile $cmd --help lists $opt; the completion does not offer it" ;;
        esac
    done
done

# The values an option's --help names as 'OPTION a|b|c' are what the completion offers after it.
for cmd in $cmds; do
    "$RF" "$cmd" --help | sed '/^examples\{0,1\}:/,$d' |
        grep -o -- '--[a-z0-9-]* [a-z0-9-]*\(|[a-z0-9-]*\)\{1,\}' | sort -u >"$tmp/values"
    while read -r opt list; do
        offered=" $(words rankfile "$cmd" "$opt" "") "
        for v in $(printf '%s\n' "$list" | tr '|' ' '); do
            case $offered in
            *" $v "*) ok ;;
            *) bad "rankfile $cmd --help lists $opt $list; the completion does not offer $v after $opt (it offers:$offered)" ;;
            esac
        done
    done <"$tmp/values"
done

# Against the library's tables: the variants --variant takes (those this build plays, and
# standard chess in Chess960 mode by its first name).
if [ -n "$3" ]; then
    variants="$("$3" | sed -n 's/^available \([^ ]*\) 1$/\1/p' | tr '\n' ' ')$("$3" | sed -n 's/^chess960-name //p' | head -n 1)"
    [ -n "$variants" ] && ok || bad "$3 printed no variants"
    for cmd in $cmds; do
        "$RF" "$cmd" --help | sed '/^examples\{0,1\}:/,$d' | grep -q -- '--variant' || continue
        offered=" $(words rankfile "$cmd" --variant "") "
        for v in $variants; do
            case $offered in
            *" $v "*) ok ;;
            *) bad "rankfile $cmd --variant: the completion does not offer the variant $v (doc_tables: variant)" ;;
            esac
        done
        # ... and nothing beyond them: a variant taken out of the table leaves the completion too.
        for w in $offered; do
            case " $variants " in
            *" $w "*) ok ;;
            *) bad "rankfile $cmd --variant: the completion offers '$w', which is no variant of the table (doc_tables: variant)" ;;
            esac
        done
    done
fi
finish
