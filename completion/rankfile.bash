# bash completion for rankfile(1): commands, each command's options, and the values of the
# options that take a word from a list (variants, languages, formats, colours, ...).
# Installed as share/bash-completion/completions/rankfile; or: source completion/rankfile.bash
#
# Works with plain bash (no bash-completion package needed): it reads COMP_WORDS and
# COMP_CWORD only, and understands both "--lang de" and "--lang=de".

_rankfile() {
    local cur prev cmd opts values
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=
    [ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD-1]}
    # "--lang=de": bash splits at '=' (COMP_WORDBREAKS), giving "--lang" "=" "de".
    if [ "$cur" = "=" ]; then
        prev=${COMP_WORDS[COMP_CWORD-1]}
        cur=
    elif [ "$prev" = "=" ] && [ "$COMP_CWORD" -gt 1 ]; then
        prev=${COMP_WORDS[COMP_CWORD-2]}
    fi
    COMPREPLY=()

    local commands="fen moves play status judge perft atomic 960 is960 show key book opening pgn tb analyse help"
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
        return 0
    fi
    cmd=${COMP_WORDS[1]}

    # The values of options that take one.
    values=
    case $prev in
    # the library's variants (tests/cli/completion.sh checks the list against its table)
    --variant) values="standard chess960 atomic kingofthehill threecheck racingkings horde antichess crazyhouse" ;;
    --lang|-l)
        values="no se dk is fi ee lt lv pl ir cy nl de en es fr cs hu it pt ro sv da et ga" ;;
    --format)
        case $cmd in
        pgn) values="pgn san uci fen json tsv csv" ;;
        analyse) values="pgn tsv csv json" ;;
        *) values="line fen map json" ;;
        esac ;;
    --encoding) values="auto utf-8 latin-1" ;;
    --result) values="1-0 0-1 1/2-1/2" ;;
    --color|--colour) values="auto always never 16 256" ;;
    --ep) values="legal always" ;;
    --kernel) values="auto portable bmi2" ;;
    --accept)
        # A comma-separated list: complete the word after the last comma.
        local done_part=
        case $cur in *,*) done_part=${cur%,*},; cur=${cur##*,} ;; esac
        COMPREPLY=($(compgen -P "$done_part" -W "castling ep check material backrank kings variant all" -- "$cur"))
        return 0 ;;
    --svg|--suite|--jobs|--sum|--eco|--checkpoint|--output|-O)
        COMPREPLY=($(compgen -f -- "$cur") $(compgen -W "-" -- "$cur"))
        compopt -o filenames 2>/dev/null
        return 0 ;;
    --engine|-e)
        # a program: a path, or a command on PATH
        COMPREPLY=($(compgen -c -- "$cur") $(compgen -f -- "$cur"))
        compopt -o filenames 2>/dev/null
        return 0 ;;
    --path|--tb)
        COMPREPLY=($(compgen -d -- "$cur"))
        compopt -o filenames 2>/dev/null
        return 0 ;;
    --position) values="startpos" ;;
    --seed|--count|--threads|--hash|--split|--part|--max-nodes|--max-depth|--last|--arrow|--opening|\
    --depth|--nodes|--movetime|--multipv|--engines|--from-ply|--every|--engine-timeout|--option)
        return 0 ;;
    esac
    if [ -n "$values" ]; then
        COMPREPLY=($(compgen -W "$values" -- "$cur"))
        return 0
    fi

    # Every command takes --help and --version; --json all but judge; the commands that read
    # positions --variant, --chess960, --accept and --strict.
    local common="--help --version" position="--variant --chess960 --accept --strict"
    case $cmd in
    fen) opts="--shredder --ep $position --json $common" ;;
    moves) opts="--san $position --json $common" ;;
    play) opts="--san --uci --pgn $position --json $common" ;;
    status) opts="--tb $position --json $common" ;;
    judge) opts="$common" ;;
    perft) opts="--divide --sort --threads --hash --kernel --progress --quiet --no-progress --split --jobs --part --sum --suite --max-nodes --max-depth $position --json $common" ;;
    atomic) opts="--explain --json $common" ;;
    960) opts="--seed --count --distinct --all --lang --fen --shredder --verbose --format --double --svg --json $common" ;;
    is960) opts="--double --back-rank --lang --json $common" ;;
    show) opts="--unicode --ascii --color --colour --flip --no-coordinates --last --arrow --svg $position --json $common" ;;
    key) opts="$position --json $common" ;;
    book) opts="$position --json $common" ;;
    tb) opts="--path --moves $position --json $common" ;;
    opening) opts="--eco --moves $position --json $common" ;;
    pgn) opts="--format --columns --where --player --result --termination --position --opening --eco --no-eco --min-plies --headers --count --strict --encoding --progress --no-progress --threads --range --variant --chess960 --json $common" ;;
    analyse) opts="--engine --depth --nodes --movetime --multipv --hash --threads --option --engines --from-ply --every --format --summary --checkpoint --output --engine-timeout --encoding --no-progress --variant --chess960 --json $common" ;;
    help)
        [ "$COMP_CWORD" -eq 2 ] && COMPREPLY=($(compgen -W "${commands% help}" -- "$cur"))
        return 0 ;;
    *) return 0 ;;
    esac
    case $cur in
    -*) COMPREPLY=($(compgen -W "$opts" -- "$cur")) ;;
    *)
        if [ "$cmd" = 960 ]; then
            COMPREPLY=($(compgen -W "random" -- "$cur"))
        elif [ "$cmd" = perft ] && [[ " ${COMP_WORDS[*]} " == *" --sum "* ]]; then
            # perft --sum FILE...: every further word is a file
            COMPREPLY=($(compgen -f -- "$cur"))
            compopt -o filenames 2>/dev/null
        fi ;;
    esac
    return 0
}

complete -F _rankfile rankfile
