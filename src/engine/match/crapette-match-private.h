/* crapette-match-private.h: what the match's files and its record's writer and reader share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-match.h"

G_BEGIN_DECLS

/**
 * CrapetteMatch:
 *
 * One match: its variant, rule options and length, the rounds finished so
 * far with their results, the running score and, once it is over, the
 * winner. The session keeps talking to one #CrapetteGame; the match deals each
 * round into that game and listens to its #CrapetteGame::round-finished to
 * keep the score.
 *
 * The length is read by variant: for Russian Bank it is the target score
 * (%CRAPETTE_MATCH_SINGLE_ROUND for a single round), for American Bank the
 * number of rounds of which a majority must be won ("best of").
 */
struct _CrapetteMatch
{
  GObject parent_instance;

  CrapetteGame *game;
  gulong round_finished_id;
  gulong round_started_id;

  CrapetteVariant variant;
  CrapetteRules rules;
  guint length;
  guint64 seed;
  CrapetteOpponent opponent;
  char *names[CRAPETTE_N_SEATS];
  char *note;                   /* a line the record keeps as a comment (crapette_match_set_note()) */

  GPtrArray *finished_rounds;   /* of CrapetteRound, in the order played */
  guint score[CRAPETTE_N_SEATS];
  gboolean round_in_play;       /* the game holds a round of this match, still going */
  gboolean dealing;             /* the round the game starts now is ours */
  gboolean finished;
  CrapetteSeat winner;
  CrapetteSeat resigned;        /* who gave the match up (crapette_match_resign()), or none */
};

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
