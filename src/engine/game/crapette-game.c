/* crapette-game.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include <string.h>

#include "crapette-game.h"
#include "crapette-game-private.h"
#include "crapette-view-private.h"

G_DEFINE_FINAL_TYPE (CrapetteGame, crapette_game, G_TYPE_OBJECT)

static CrapetteMove *
move_copy (CrapetteMove *move)
{
  return g_memdup2 (move, sizeof *move);
}

static CrapetteRoundResult *
round_result_copy (CrapetteRoundResult *result)
{
  return g_memdup2 (result, sizeof *result);
}

G_DEFINE_BOXED_TYPE (CrapetteMove, crapette_move, move_copy, g_free)
G_DEFINE_BOXED_TYPE (CrapetteRoundResult, crapette_round_result, round_result_copy, g_free)

enum {
  PROP_0,
  PROP_VARIANT,
  PROP_CURRENT_PLAYER,
  PROP_PHASE,
  PROP_SOUTH_CARDS_LEFT,
  PROP_NORTH_CARDS_LEFT,
  PROP_TURN_NUMBER,
  PROP_MOVE_NUMBER,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

enum {
  MOVE_APPLIED,
  CARD_REVEALED,
  TURN_CHANGED,
  ROUND_FINISHED,
  ROUND_STARTED,
  MOVE_UNDONE,
  PLAYERS_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];


void
crapette_game_take_snapshot (CrapetteGame *self,
                             Snapshot     *snapshot)
{
  const CrapettePosition *position = crapette_round_get_position (self->round);

  snapshot->variant = position->variant;
  snapshot->current_player = position->to_move;
  snapshot->phase = position->outcome;
  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    snapshot->cards_left[seat] = crapette_position_cards_left (position, seat);
  snapshot->turn_number = position->turn_number;
  snapshot->move_number = position->move_number;
  snapshot->can_undo = crapette_round_can_undo (self->round);
  snapshot->can_redo = crapette_round_can_redo (self->round);
}

void
crapette_game_notify_changes (CrapetteGame   *self,
                              const Snapshot *before)
{
  Snapshot after;

  crapette_game_take_snapshot (self, &after);
  if (before->variant != after.variant)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VARIANT]);
  if (before->current_player != after.current_player)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_PLAYER]);
  if (before->phase != after.phase)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
  if (before->cards_left[CRAPETTE_SOUTH] != after.cards_left[CRAPETTE_SOUTH])
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SOUTH_CARDS_LEFT]);
  if (before->cards_left[CRAPETTE_NORTH] != after.cards_left[CRAPETTE_NORTH])
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NORTH_CARDS_LEFT]);
  if (before->turn_number != after.turn_number)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURN_NUMBER]);
  if (before->move_number != after.move_number)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MOVE_NUMBER]);
  if (before->can_undo != after.can_undo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (before->can_redo != after.can_redo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

void
crapette_game_refresh (CrapetteGame *self)
{
  const CrapettePosition *position = crapette_round_get_position (self->round);

  g_clear_pointer (&self->view, crapette_view_unref);
  self->view = crapette_view_new (position);
  crapette_view_init_known (&self->known_view, position);
}

/* Replaces the round and tells everybody that a new one has begun. */
static void
set_round (CrapetteGame  *self,
           CrapetteRound *round)
{
  Snapshot before;

  g_object_freeze_notify (G_OBJECT (self));
  crapette_game_take_snapshot (self, &before);
  g_clear_pointer (&self->round, crapette_round_free);
  self->round = round;
  crapette_game_refresh (self);
  crapette_game_notify_changes (self, &before);
  g_signal_emit (self, signals[ROUND_STARTED], 0);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
crapette_game_finalize (GObject *object)
{
  CrapetteGame *self = (CrapetteGame *) object;

  g_clear_pointer (&self->round, crapette_round_free);
  g_clear_pointer (&self->view, crapette_view_unref);

  crapette_player_names_clear (&self->players);

  G_OBJECT_CLASS (crapette_game_parent_class)->finalize (object);
}

static void
crapette_game_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  CrapetteGame *self = CRAPETTE_GAME (object);
  const CrapettePosition *position = crapette_round_get_position (self->round);

  switch (prop_id)
    {
    case PROP_VARIANT:
      g_value_set_enum (value, position->variant);
      break;
    case PROP_CURRENT_PLAYER:
      g_value_set_enum (value, position->to_move);
      break;
    case PROP_PHASE:
      g_value_set_enum (value, position->outcome);
      break;
    case PROP_SOUTH_CARDS_LEFT:
      g_value_set_uint (value, crapette_position_cards_left (position, CRAPETTE_SOUTH));
      break;
    case PROP_NORTH_CARDS_LEFT:
      g_value_set_uint (value, crapette_position_cards_left (position, CRAPETTE_NORTH));
      break;
    case PROP_TURN_NUMBER:
      g_value_set_uint (value, position->turn_number);
      break;
    case PROP_MOVE_NUMBER:
      g_value_set_uint (value, position->move_number);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, crapette_round_can_undo (self->round));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, crapette_round_can_redo (self->round));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_game_class_init (CrapetteGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = crapette_game_finalize;
  object_class->get_property = crapette_game_get_property;

  properties[PROP_VARIANT] =
    g_param_spec_enum ("variant", NULL, NULL, CRAPETTE_TYPE_VARIANT, CRAPETTE_VARIANT_RUSSIAN,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT_PLAYER] =
    g_param_spec_enum ("current-player", NULL, NULL, CRAPETTE_TYPE_SEAT, CRAPETTE_SOUTH,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PHASE] =
    g_param_spec_enum ("phase", NULL, NULL, CRAPETTE_TYPE_OUTCOME, CRAPETTE_OUTCOME_PLAYING,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SOUTH_CARDS_LEFT] =
    g_param_spec_uint ("south-cards-left", NULL, NULL,
                       0, CRAPETTE_MAX_CARDS, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NORTH_CARDS_LEFT] =
    g_param_spec_uint ("north-cards-left", NULL, NULL,
                       0, CRAPETTE_MAX_CARDS, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TURN_NUMBER] =
    g_param_spec_uint ("turn-number", NULL, NULL,
                       0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MOVE_NUMBER] =
    g_param_spec_uint ("move-number", NULL, NULL,
                       0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The player to move may take back the last move (see crapette_round_can_undo()). */
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* A move taken back may be played again. */
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CrapetteGame::move-applied:
   * @move: the move, with the card that moved (or was turned up)
   *
   * A move has been played; the view already shows its result.
   */
  signals[MOVE_APPLIED] =
    g_signal_new ("move-applied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  CRAPETTE_TYPE_MOVE | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * CrapetteGame::card-revealed:
   * @pile: the pile the card lies on
   * @card: the card now face up
   *
   * A card that nobody could see before lies face up now: a reserve's new
   * top card, a card turned from the stock, a card laid out on the tableau.
   */
  signals[CARD_REVEALED] =
    g_signal_new ("card-revealed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  /**
   * CrapetteGame::turn-changed:
   * @seat: the player whose turn begins
   */
  signals[TURN_CHANGED] =
    g_signal_new ("turn-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CRAPETTE_TYPE_SEAT);

  /**
   * CrapetteGame::round-finished:
   * @result: who won, why, and the score
   */
  signals[ROUND_FINISHED] =
    g_signal_new ("round-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  CRAPETTE_TYPE_ROUND_RESULT | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * CrapetteGame::round-started:
   *
   * A new round has been dealt or loaded: everything on the table changed.
   */
  signals[ROUND_STARTED] =
    g_signal_new ("round-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * CrapetteGame::move-undone:
   * @move: the move taken back, with its card
   *
   * The last move has been taken back: its card lies where it came from,
   * and the view already shows it.
   */
  signals[MOVE_UNDONE] =
    g_signal_new ("move-undone", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  CRAPETTE_TYPE_MOVE | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * CrapetteGame::players-changed:
   *
   * Who plays, or the names given, changed (crapette_game_set_players()).
   */
  signals[PLAYERS_CHANGED] =
    g_signal_new ("players-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
crapette_game_init (CrapetteGame *self)
{
  CrapetteRules rules;

  crapette_rules_init_default (&rules);
  self->round = crapette_round_new_deal (CRAPETTE_VARIANT_RUSSIAN, &rules, 0, 0);
  crapette_player_names_clear (&self->players);
  crapette_game_refresh (self);
}

/* A game holding a Russian Bank round of deal 0 until something else is dealt. */
CrapetteGame *
crapette_game_new (void)
{
  return g_object_new (CRAPETTE_TYPE_GAME, NULL);
}

/* Deals a new round; the round in play is dropped. */
void
crapette_game_deal (CrapetteGame        *self,
                    CrapetteVariant      variant,
                    const CrapetteRules *rules,
                    guint64              deal_number,
                    guint                round_index)
{
  g_return_if_fail (CRAPETTE_IS_GAME (self));
  g_return_if_fail (variant < CRAPETTE_N_VARIANTS);
  g_return_if_fail (rules != NULL);

  set_round (self, self->hidden_deals
                   ? crapette_round_new_hidden_deal (variant, rules, deal_number, round_index)
                   : crapette_round_new_deal (variant, rules, deal_number, round_index));
}

/* Continues @round (read from a record or a saved game) from where it stands. */
void
crapette_game_load_round (CrapetteGame        *self,
                          const CrapetteRound *round)
{
  g_return_if_fail (CRAPETTE_IS_GAME (self));
  g_return_if_fail (round != NULL);

  set_round (self, crapette_round_copy (round));
}

static void
emit_revealed (CrapetteGame       *self,
               const CrapetteView *before)
{
  gboolean seen_before[CRAPETTE_MAX_CARDS] = { FALSE };

  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      for (guint depth = 0; depth < crapette_view_get_count (before, pile); depth++)
        {
          CrapetteCard card = crapette_view_get_card (before, pile, depth);

          if (card < CRAPETTE_MAX_CARDS)
            seen_before[card] = TRUE;
        }
    }
  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      for (guint depth = 0; depth < crapette_view_get_count (self->view, pile); depth++)
        {
          CrapetteCard card = crapette_view_get_card (self->view, pile, depth);

          if (card < CRAPETTE_MAX_CARDS && !seen_before[card])
            g_signal_emit (self, signals[CARD_REVEALED], 0, (guint) pile, (guint) card);
        }
    }
}

/* Emits ::move-undone for @undone, taken back from the round. */
void
crapette_game_emit_undone (CrapetteGame       *self,
                           const CrapetteMove *undone)
{
  g_signal_emit (self, signals[MOVE_UNDONE], 0, undone);
}

/* Tells what the round's last move did: the move, the cards it showed, the
 * properties it changed, and the end of the turn or of the round. */
void
crapette_game_emit_played (CrapetteGame       *self,
                           const Snapshot     *snapshot,
                           const CrapetteView *view_before)
{
  const CrapettePosition *position = crapette_round_get_position (self->round);
  guint n_moves = crapette_round_get_n_moves (self->round);

  crapette_game_refresh (self);

  g_object_freeze_notify (G_OBJECT (self));
  g_signal_emit (self, signals[MOVE_APPLIED], 0,
                 crapette_round_get_move (self->round, n_moves - 1));
  emit_revealed (self, view_before);
  crapette_game_notify_changes (self, snapshot);
  if (position->outcome != CRAPETTE_OUTCOME_PLAYING)
    {
      CrapetteRoundResult result;

      crapette_position_score (position, &result);
      g_signal_emit (self, signals[ROUND_FINISHED], 0, &result);
    }
  else if (snapshot->current_player != position->to_move)
    {
      g_signal_emit (self, signals[TURN_CHANGED], 0, (guint) position->to_move);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/* Plays @move if it is legal, and emits the signals that tell what happened;
 * otherwise leaves the game as it is and sets @error to the rule it breaks. */
gboolean
crapette_game_play (CrapetteGame        *self,
                    const CrapetteMove  *move,
                    GError             **error)
{
  g_autoptr(CrapetteView) before = NULL;
  Snapshot snapshot;

  g_return_val_if_fail (CRAPETTE_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  crapette_game_take_snapshot (self, &snapshot);
  before = crapette_view_ref (self->view);
  if (!crapette_round_play (self->round, move, error))
    return FALSE;

  crapette_game_emit_played (self, &snapshot, before);
  return TRUE;
}

/* Finds the legal move that takes the top card of @from to @to (or, when
 * @from is the player's stock, turns it); %FALSE when there is none. */
gboolean
crapette_game_find_move (CrapetteGame   *self,
                         CrapettePileId  from,
                         CrapettePileId  to,
                         CrapetteMove   *move)
{
  const CrapetteMove *legal_moves;
  gsize n_legal_moves;

  g_return_val_if_fail (CRAPETTE_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  legal_moves = crapette_view_get_legal_moves (self->view, &n_legal_moves);
  for (gsize i = 0; i < n_legal_moves; i++)
    {
      const CrapetteMove *legal = &legal_moves[i];

      if ((legal->kind == CRAPETTE_MOVE_CARD && legal->from == from && legal->to == to) ||
          (legal->kind == CRAPETTE_MOVE_TURN &&
           crapette_pile_kind (from) == CRAPETTE_PILE_KIND_STOCK &&
           crapette_pile_seat (from) == crapette_round_get_position (self->round)->to_move))
        {
          *move = *legal;
          return TRUE;
        }
    }
  return FALSE;
}

/* The position as anyone at the table sees it: cards face down are unknown.
 * One view stands for each position: it is replaced (not changed) by the next
 * move, so keep a reference to hold on to it. */
CrapetteView *
crapette_game_get_view (CrapetteGame *self)
{
  g_return_val_if_fail (CRAPETTE_IS_GAME (self), NULL);

  return self->view;
}

/* What a player who remembers the table knows (crapette_view_init_known()):
 * the view computer players and hints decide from. */
const CrapettePosition *
crapette_game_get_known_view (CrapetteGame *self)
{
  g_return_val_if_fail (CRAPETTE_IS_GAME (self), NULL);

  return &self->known_view;
}

/* The legal moves of the player to move; the array lives until the next move. */
const CrapetteMove *
crapette_game_get_legal_moves (CrapetteGame *self,
                               gsize        *n_moves)
{
  g_return_val_if_fail (CRAPETTE_IS_GAME (self), NULL);
  g_return_val_if_fail (n_moves != NULL, NULL);

  return crapette_view_get_legal_moves (self->view, n_moves);
}

/* The round in play, with its start and moves, for saving and records. */
const CrapetteRound *
crapette_game_get_round (CrapetteGame *self)
{
  g_return_val_if_fail (CRAPETTE_IS_GAME (self), NULL);

  return self->round;
}

/* The variant being played. */
CrapetteVariant
crapette_game_get_variant (CrapetteGame *self)
{
  g_return_val_if_fail (CRAPETTE_IS_GAME (self), CRAPETTE_VARIANT_RUSSIAN);

  return crapette_round_get_position (self->round)->variant;
}

/* The player to move. */
CrapetteSeat
crapette_game_get_current_player (CrapetteGame *self)
{
  g_return_val_if_fail (CRAPETTE_IS_GAME (self), CRAPETTE_SOUTH);

  return crapette_round_get_position (self->round)->to_move;
}

/* Whether the round is being played, won or blocked. */
CrapetteOutcome
crapette_game_get_phase (CrapetteGame *self)
{
  g_return_val_if_fail (CRAPETTE_IS_GAME (self), CRAPETTE_OUTCOME_PLAYING);

  return crapette_round_get_position (self->round)->outcome;
}

/* How many cards @seat still has to get rid of. */
guint
crapette_game_get_cards_left (CrapetteGame *self,
                              CrapetteSeat  seat)
{
  g_return_val_if_fail (CRAPETTE_IS_GAME (self), 0);
  g_return_val_if_fail (seat < CRAPETTE_N_SEATS, 0);

  return crapette_position_cards_left (crapette_round_get_position (self->round), seat);
}

/* How many turns have been completed since the deal. */
guint
crapette_game_get_turn_number (CrapetteGame *self)
{
  g_return_val_if_fail (CRAPETTE_IS_GAME (self), 0);

  return crapette_round_get_position (self->round)->turn_number;
}

/* Fills @result and returns %TRUE once the round is over. */
gboolean
crapette_game_get_result (CrapetteGame        *self,
                          CrapetteRoundResult *result)
{
  const CrapettePosition *position;

  g_return_val_if_fail (CRAPETTE_IS_GAME (self), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  position = crapette_round_get_position (self->round);
  crapette_position_score (position, result);
  return position->outcome != CRAPETTE_OUTCOME_PLAYING;
}

/* Records who plays North and the names given (%NULL or "": none), so that moves in words,
 * the history and the piles' names call each player by one name; emits "players-changed". */
void
crapette_game_set_players (CrapetteGame     *self,
                           CrapetteOpponent  opponent,
                           const char       *south_name,
                           const char       *north_name)
{
  g_return_if_fail (CRAPETTE_IS_GAME (self));
  g_return_if_fail (opponent < CRAPETTE_N_OPPONENTS);

  /* The player on another machine stays there whatever names the match brings. */
  CrapetteSeat remote = crapette_player_names_get_remote (&self->players);

  crapette_player_names_set (&self->players, opponent, south_name, north_name);
  crapette_player_names_set_remote (&self->players, remote);
  g_signal_emit (self, signals[PLAYERS_CHANGED], 0);
}

/* Records that the player at @seat plays on another machine (%CRAPETTE_NO_SEAT: nobody), so
 * that the person at this screen is "You" in words; emits "players-changed" if it changed. */
void
crapette_game_set_remote_player (CrapetteGame *self,
                                 CrapetteSeat  seat)
{
  g_return_if_fail (CRAPETTE_IS_GAME (self));
  g_return_if_fail (seat < CRAPETTE_N_SEATS || seat == CRAPETTE_NO_SEAT);

  if (crapette_player_names_get_remote (&self->players) == seat)
    return;
  crapette_player_names_set_remote (&self->players, seat);
  g_signal_emit (self, signals[PLAYERS_CHANGED], 0);
}

/* Returns who plays and their names: give it to crapette_player_names_get() and the like. */
const CrapettePlayerNames *
crapette_game_get_players (CrapetteGame *self)
{
  g_return_val_if_fail (CRAPETTE_IS_GAME (self), NULL);

  return &self->players;
}

/* ---- A hidden deal ----------------------------------------------------------- */

/* From now on crapette_game_deal() deals rounds hidden (crapette_round_new_hidden_deal()):
 * every card is a stand-in until crapette_game_reveal_card() shows it. A network match
 * whose deal nobody can read sets this before its first round. */
void
crapette_game_set_hidden_deals (CrapetteGame *self,
                                gboolean      hidden)
{
  g_return_if_fail (CRAPETTE_IS_GAME (self));

  self->hidden_deals = hidden;
}

gboolean
crapette_game_get_hidden_deals (CrapetteGame *self)
{
  g_return_val_if_fail (CRAPETTE_IS_GAME (self), FALSE);

  return self->hidden_deals;
}

/* Shows @card where the stand-in @hidden lies face up (crapette_round_reveal_card()), and
 * tells it as any card turned up is told (::card-revealed). */
gboolean
crapette_game_reveal_card (CrapetteGame  *self,
                           CrapetteCard   hidden,
                           CrapetteCard   card,
                           GError       **error)
{
  g_autoptr(CrapetteView) before = NULL;
  Snapshot snapshot;

  g_return_val_if_fail (CRAPETTE_IS_GAME (self), FALSE);

  before = crapette_view_ref (self->view);
  crapette_game_take_snapshot (self, &snapshot);
  if (!crapette_round_reveal_card (self->round, hidden, card, error))
    return FALSE;
  crapette_game_refresh (self);
  g_object_freeze_notify (G_OBJECT (self));
  emit_revealed (self, before);
  crapette_game_notify_changes (self, &snapshot);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

/* The whole deal of the round in play, read at its end (crapette_round_show_deal()). */
gboolean
crapette_game_show_deal (CrapetteGame        *self,
                         const CrapetteCard  *deck,
                         GError             **error)
{
  g_return_val_if_fail (CRAPETTE_IS_GAME (self), FALSE);

  if (!crapette_round_show_deal (self->round, deck, error))
    return FALSE;
  crapette_game_refresh (self);
  return TRUE;
}
