/* crapette-match.h: the rounds of one match, its running score and its result
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "crapette-game.h"
#include "crapette-round.h"

G_BEGIN_DECLS

/* A Russian Bank match of this length is a single round. */
#define CRAPETTE_MATCH_SINGLE_ROUND 0
/* A match never goes past this many rounds: the position counts rounds in a byte. */
#define CRAPETTE_MATCH_MAX_ROUNDS 255

#define CRAPETTE_TYPE_MATCH (crapette_match_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteMatch, crapette_match, CRAPETTE, MATCH, GObject)

CrapetteMatch       *crapette_match_new                (CrapetteGame        *game,
                                                        CrapetteVariant      variant,
                                                        const CrapetteRules *rules,
                                                        guint                length,
                                                        guint64              seed);
gboolean             crapette_match_length_is_valid    (CrapetteVariant      variant,
                                                        guint                length);
CrapetteGame        *crapette_match_get_game           (CrapetteMatch       *self);
CrapetteVariant      crapette_match_get_variant        (CrapetteMatch       *self);
const CrapetteRules *crapette_match_get_rules          (CrapetteMatch       *self);
guint                crapette_match_get_length         (CrapetteMatch       *self);
guint64              crapette_match_get_seed           (CrapetteMatch       *self);
void                 crapette_match_set_players        (CrapetteMatch       *self,
                                                        CrapetteOpponent     opponent,
                                                        const char          *south_name,
                                                        const char          *north_name);
CrapetteOpponent     crapette_match_get_opponent       (CrapetteMatch       *self);
const char          *crapette_match_get_player_name    (CrapetteMatch       *self,
                                                        CrapetteSeat         seat);

gboolean             crapette_match_deal_next_round    (CrapetteMatch       *self);
void                 crapette_match_replay_round       (CrapetteMatch       *self);
guint                crapette_match_get_round_number   (CrapetteMatch       *self);
guint                crapette_match_get_n_finished_rounds (CrapetteMatch    *self);
const CrapetteRound *crapette_match_get_finished_round (CrapetteMatch       *self,
                                                        guint                index);
gboolean             crapette_match_get_round_result   (CrapetteMatch       *self,
                                                        guint                index,
                                                        CrapetteRoundResult *result);
gboolean             crapette_match_is_round_in_play   (CrapetteMatch       *self);
guint                crapette_match_get_score          (CrapetteMatch       *self,
                                                        CrapetteSeat         seat);
gboolean             crapette_match_is_finished        (CrapetteMatch       *self);
CrapetteSeat         crapette_match_get_winner         (CrapetteMatch       *self);
guint64              crapette_match_get_deal_number    (CrapetteMatch       *self,
                                                        guint                round_index);
gboolean             crapette_match_peek_next_deal     (CrapetteMatch       *self,
                                                        CrapettePosition    *start);
guint                crapette_match_count_moves        (CrapetteMatch       *self);

gboolean             crapette_match_show_deal          (CrapetteMatch       *self,
                                                        guint                index,
                                                        const CrapetteCard  *deck,
                                                        GError             **error);
void                 crapette_match_set_note           (CrapetteMatch       *self,
                                                        const char          *note);
const char          *crapette_match_get_note           (CrapetteMatch       *self);
void                 crapette_match_resign             (CrapetteMatch       *self,
                                                        CrapetteSeat         seat);
CrapetteSeat         crapette_match_get_resigned       (CrapetteMatch       *self);
char                *crapette_match_to_record          (CrapetteMatch       *self);
CrapetteMatch       *crapette_match_new_from_record    (CrapetteGame        *game,
                                                        const char          *text,
                                                        gssize               length,
                                                        GError             **error);

G_END_DECLS
