/*
 * variants/row.h - the kernel half of a variant's row, written once for every module: perft's
 * walk (kernel/walk.h), rf_position_play's make-move and en passant test (kernel/play.h), and
 * the legal move list. A module names its pieces, then includes this file once:
 *
 *     #define RF_ROW_GENERATE generate_hill   its generator on nodes (an rf__generator)
 *     #define RF_ROW_MAKE rf__make            its make-move on nodes (kernel/make.h's shape)
 *     #define RF_ROW_KIND rf__play_kind       the visit kind of a legal move for play
 *     #define RF_ROW_LIST rf__visit_list      the visit function that writes a listed move
 *     #define RF_ROW_STATE 0                  the RF_SETUP_* fields its node state holds
 *     #include "row.h"
 *
 * This defines the functions the row's slots take:
 *     static uint64_t perft(const rf_position *pos, int depth, const rf__tt *tt)
 *     static void play(rf_position *pos, rf_move move)
 *     static bool node_ep_legal(const rf__node *n, rf_color us)
 *     static rf_move *generate(const rf_position *pos, rf_move *out)
 * and undefines the five names. Every call below is to a constant function, so each module's copy
 * is fully specialised (see variant.h).
 */
#if !defined(RF_ROW_GENERATE) || !defined(RF_ROW_MAKE) || !defined(RF_ROW_KIND) || !defined(RF_ROW_LIST) ||  \
    !defined(RF_ROW_STATE)
#error "define RF_ROW_GENERATE, RF_ROW_MAKE, RF_ROW_KIND, RF_ROW_LIST and RF_ROW_STATE before including variants/row.h"
#endif

#include "../kernel/perft.h"
#include "../kernel/walk.h"
#include "../kernel/play.h"

static rf_move *generate(const rf_position *pos, rf_move *out)
{
    return rf__node_list_by(pos, out, RF_ROW_GENERATE, RF_ROW_LIST);
}

#undef RF_ROW_GENERATE
#undef RF_ROW_MAKE
#undef RF_ROW_KIND
#undef RF_ROW_LIST
#undef RF_ROW_STATE
