/* crapette-game.h: the round in play, as the UI and the players see it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "crapette-enums.h"
#include "crapette-player-names.h"
#include "crapette-position.h"
#include "crapette-round.h"
#include "crapette-view.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_MOVE (crapette_move_get_type ())
#define CRAPETTE_TYPE_ROUND_RESULT (crapette_round_result_get_type ())
#define CRAPETTE_TYPE_GAME (crapette_game_get_type ())

GType crapette_move_get_type         (void) G_GNUC_CONST;
GType crapette_round_result_get_type (void) G_GNUC_CONST;

G_DECLARE_FINAL_TYPE (CrapetteGame, crapette_game, CRAPETTE, GAME, GObject)

CrapetteGame           *crapette_game_new               (void);
void                    crapette_game_deal              (CrapetteGame        *self,
                                                         CrapetteVariant      variant,
                                                         const CrapetteRules *rules,
                                                         guint64              deal_number,
                                                         guint                round_index);
void                    crapette_game_load_round        (CrapetteGame        *self,
                                                         const CrapetteRound *round);
gboolean                crapette_game_play              (CrapetteGame        *self,
                                                         const CrapetteMove  *move,
                                                         GError             **error);
gboolean                crapette_game_can_undo          (CrapetteGame        *self);
gboolean                crapette_game_can_redo          (CrapetteGame        *self);
gboolean                crapette_game_undo              (CrapetteGame        *self);
gboolean                crapette_game_redo              (CrapetteGame        *self);
gboolean                crapette_game_may_call          (CrapetteGame        *self,
                                                         CrapetteSeat         seat);
gboolean                crapette_game_call              (CrapetteGame        *self,
                                                         CrapetteSeat         caller,
                                                         GError             **error);
char                   *crapette_game_describe_last_call (CrapetteGame       *self);
gboolean                crapette_game_find_move         (CrapetteGame        *self,
                                                         CrapettePileId       from,
                                                         CrapettePileId       to,
                                                         CrapetteMove        *move);
CrapetteView           *crapette_game_get_view          (CrapetteGame        *self);
const CrapettePosition *crapette_game_get_known_view    (CrapetteGame        *self);
const CrapetteMove     *crapette_game_get_legal_moves   (CrapetteGame        *self,
                                                         gsize               *n_moves);
const CrapetteRound    *crapette_game_get_round         (CrapetteGame        *self);
CrapetteVariant         crapette_game_get_variant       (CrapetteGame        *self);
CrapetteSeat            crapette_game_get_current_player (CrapetteGame       *self);
CrapetteOutcome         crapette_game_get_phase         (CrapetteGame        *self);
guint                   crapette_game_get_cards_left    (CrapetteGame        *self,
                                                         CrapetteSeat         seat);
guint                   crapette_game_get_turn_number   (CrapetteGame        *self);
gboolean                crapette_game_get_result        (CrapetteGame        *self,
                                                         CrapetteRoundResult *result);
char                   *crapette_game_describe_move     (CrapetteGame        *self,
                                                         const CrapetteMove  *move);
char                   *crapette_game_describe_hint     (CrapetteGame        *self,
                                                         const CrapetteMove  *move);
void                    crapette_game_set_players       (CrapetteGame        *self,
                                                         CrapetteOpponent     opponent,
                                                         const char          *south_name,
                                                         const char          *north_name);
const CrapettePlayerNames *crapette_game_get_players     (CrapetteGame        *self);
void                    crapette_game_set_remote_player (CrapetteGame        *self,
                                                         CrapetteSeat         seat);
void                    crapette_game_set_hidden_deals  (CrapetteGame        *self,
                                                         gboolean             hidden);
gboolean                crapette_game_get_hidden_deals  (CrapetteGame        *self);
gboolean                crapette_game_reveal_card       (CrapetteGame        *self,
                                                         CrapetteCard         hidden,
                                                         CrapetteCard         card,
                                                         GError             **error);
gboolean                crapette_game_show_deal         (CrapetteGame        *self,
                                                         const CrapetteCard  *deck,
                                                         GError             **error);

G_END_DECLS
