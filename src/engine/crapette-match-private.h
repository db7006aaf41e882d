/* crapette-match-private.h: what the match's files and its record's writer and reader share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-match.h"

G_BEGIN_DECLS

/* The first line of a match record, and of each round record in it. */
#define CRAPETTE_MATCH_RECORD_TITLE "Crapette match"
#define CRAPETTE_MATCH_RECORD_ROUND_TITLE "Crapette record"

/* @name on one line of at most CRAPETTE_MATCH_RECORD_MAX_NAME characters. */
char    *crapette_match_record_clean_name (const char *name);

/* crapette-match-rules.c */

/* Whether a match of @variant and @length is over after @n_rounds rounds at @score. */
gboolean crapette_match_decide        (CrapetteVariant       variant,
                                       guint                 length,
                                       const guint           score[CRAPETTE_N_SEATS],
                                       guint                 n_rounds,
                                       CrapetteSeat         *winner);

/* crapette-match.c */

/* Adds @round, read from a record, as the match's next round (@is_last: onto the table). */
gboolean crapette_match_restore_round (CrapetteMatch        *self,
                                       const CrapetteRound  *round,
                                       gboolean              is_last,
                                       GError              **error);

G_END_DECLS
