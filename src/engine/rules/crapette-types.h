/* crapette-types.h: the small value types every part of the engine shares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * CrapetteVariant:
 * @CRAPETTE_VARIANT_RUSSIAN: Russian Bank (Crapette), two packs of 52.
 * @CRAPETTE_VARIANT_AMERICAN: American Bank, one pack of 52 and double suits.
 *
 * The games Crapette knows. Like every enum of this file it is registered as
 * a GType (crapette-enums.h, made by glib-mkenums), and its nicks are the
 * words the settings and the notation store: "russian", "american".
 */
typedef enum
{
  CRAPETTE_VARIANT_RUSSIAN = 0,
  CRAPETTE_VARIANT_AMERICAN = 1,
  CRAPETTE_N_VARIANTS /*< skip >*/
} CrapetteVariant;

/**
 * CrapetteSeat:
 *
 * The two players, named after where they sit: South at the bottom of the
 * screen, North at the top.
 */
typedef enum
{
  CRAPETTE_SOUTH = 0,
  CRAPETTE_NORTH = 1,
  CRAPETTE_N_SEATS = 2, /*< skip >*/
  CRAPETTE_NO_SEAT = 0xff
} CrapetteSeat;

static inline CrapetteSeat
crapette_seat_opponent (CrapetteSeat seat)
{
  return (CrapetteSeat) (seat ^ 1);
}

/**
 * CrapetteSuit:
 *
 * Suits in bridge order. Diamonds and hearts are red; for American Bank's
 * double suits each suit's partner is `3 - suit`, the other suit of its colour.
 */
typedef enum
{
  CRAPETTE_CLUBS = 0,
  CRAPETTE_DIAMONDS = 1,
  CRAPETTE_HEARTS = 2,
  CRAPETTE_SPADES = 3
} CrapetteSuit;

/**
 * CrapetteCard:
 *
 * A card is a small integer: `pack * 52 + suit * 13 + (rank - 1)`, so 0–51 is
 * the first pack (South's in Russian Bank) and 52–103 the second.
 * %CRAPETTE_CARD_UNKNOWN stands for a card lying face down in a player's view.
 * In a round dealt hidden (crapette_round_new_hidden_deal()), a card nobody
 * has seen is a stand-in, %CRAPETTE_CARD_HIDDEN_FIRST plus its place in the
 * deck (crapette_card_hidden()), until it is revealed.
 */
typedef guint8 CrapetteCard;

#define CRAPETTE_CARD_NONE    ((CrapetteCard) 0xff)
#define CRAPETTE_CARD_UNKNOWN ((CrapetteCard) 0xfe)
#define CRAPETTE_CARD_HIDDEN_FIRST 0x80
#define CRAPETTE_CARDS_PER_PACK 52
#define CRAPETTE_MAX_CARDS 104

/**
 * CrapettePileKind:
 *
 * The kinds of pile on the table. The names are Russian Bank's; American Bank
 * uses the same slots under its own names: its hand is the stock, its card in
 * hand the turned card, its talon the waste, its tableau piles the houses and
 * its completed sequences the foundations. It has no reserves.
 */
typedef enum
{
  CRAPETTE_PILE_KIND_STOCK = 0,
  CRAPETTE_PILE_KIND_TURNED,
  CRAPETTE_PILE_KIND_WASTE,
  CRAPETTE_PILE_KIND_RESERVE,
  CRAPETTE_PILE_KIND_HOUSE,
  CRAPETTE_PILE_KIND_FOUNDATION,
  CRAPETTE_N_PILE_KINDS /*< skip >*/
} CrapettePileKind;

/**
 * CrapettePileId:
 *
 * Piles are numbered 0–23. A player's own piles come in pairs (South, North)
 * in the order of #CrapettePileKind; then eight houses, then eight foundations.
 * Use the helpers below rather than the numbers.
 */
typedef guint8 CrapettePileId;

#define CRAPETTE_N_HOUSES 8
#define CRAPETTE_N_FOUNDATIONS 8
#define CRAPETTE_FIRST_HOUSE 8
#define CRAPETTE_FIRST_FOUNDATION 16
#define CRAPETTE_N_PILES 24
#define CRAPETTE_NO_PILE ((CrapettePileId) 0xff)

static inline CrapettePileId
crapette_pile_of_seat (CrapettePileKind kind,
                       CrapetteSeat     seat)
{
  return (CrapettePileId) (kind * 2 + seat);
}

static inline CrapettePileId
crapette_pile_house (guint index)
{
  return (CrapettePileId) (CRAPETTE_FIRST_HOUSE + index);
}

static inline CrapettePileId
crapette_pile_foundation (guint index)
{
  return (CrapettePileId) (CRAPETTE_FIRST_FOUNDATION + index);
}

static inline CrapettePileKind
crapette_pile_kind (CrapettePileId pile)
{
  if (pile >= CRAPETTE_FIRST_FOUNDATION)
    return CRAPETTE_PILE_KIND_FOUNDATION;
  if (pile >= CRAPETTE_FIRST_HOUSE)
    return CRAPETTE_PILE_KIND_HOUSE;
  return (CrapettePileKind) (pile / 2);
}

/* The seat a pile belongs to, or %CRAPETTE_NO_SEAT for houses and foundations. */
static inline CrapetteSeat
crapette_pile_seat (CrapettePileId pile)
{
  return pile < CRAPETTE_FIRST_HOUSE ? (CrapetteSeat) (pile & 1) : CRAPETTE_NO_SEAT;
}

/* The index of a house or foundation among its kind (0–7). */
static inline guint
crapette_pile_index (CrapettePileId pile)
{
  return pile >= CRAPETTE_FIRST_FOUNDATION ? pile - CRAPETTE_FIRST_FOUNDATION
                                           : pile - CRAPETTE_FIRST_HOUSE;
}

/**
 * CrapetteMoveKind:
 * @CRAPETTE_MOVE_CARD: move the top card of @from onto @to.
 * @CRAPETTE_MOVE_TURN: turn the top card of the stock (hand) face up; when the
 *   stock is empty the waste (talon) is first turned over as the new stock.
 * @CRAPETTE_MOVE_END_TURN: end the turn without moving (only when there is
 *   nothing left to turn).
 * @CRAPETTE_MOVE_STOP: the opponent of a player who broke a duty of the order
 *   of play calls "Stop!" (rule option "mistakes=called"): the moves from the
 *   one that broke it are taken back and the turn passes to the caller. It is
 *   judged by #CrapetteRound, which knows the moves of the turn; @from, @to
 *   and @card are unused.
 */
typedef enum
{
  CRAPETTE_MOVE_CARD = 0,
  CRAPETTE_MOVE_TURN,
  CRAPETTE_MOVE_END_TURN,
  CRAPETTE_MOVE_STOP
} CrapetteMoveKind;

/**
 * CrapetteMove:
 *
 * One action of the player to move. @card is the card that moves (for a
 * turn, the card turned up); move generators fill it in, and a move read from
 * a record is checked against it when it is given.
 */
typedef struct
{
  guint8 kind;        /* CrapetteMoveKind */
  CrapettePileId from;
  CrapettePileId to;
  CrapetteCard card;
} CrapetteMove;

/* Whether @a and @b are the same move, card included. */
static inline gboolean
crapette_move_equal (const CrapetteMove *a,
                     const CrapetteMove *b)
{
  return a->kind == b->kind && a->from == b->from && a->to == b->to && a->card == b->card;
}

/* Whether @a and @b are the same action: the same kind and, for a card move,
 * the same piles. The card is left out, since a move made by hand or read
 * from a record need not name it (and a turn's card is unknown before it). */
static inline gboolean
crapette_move_same_action (const CrapetteMove *a,
                           const CrapetteMove *b)
{
  return a->kind == b->kind && (a->kind != CRAPETTE_MOVE_CARD || (a->from == b->from &&
                                                                 a->to == b->to));
}

/* More than any position can have: 10 sources times 20 targets, plus turn and end. */
#define CRAPETTE_MAX_MOVES 256

/**
 * CrapetteOutcome:
 *
 * How a round stands.
 */
typedef enum
{
  CRAPETTE_OUTCOME_PLAYING = 0,
  CRAPETTE_OUTCOME_WON,
  CRAPETTE_OUTCOME_BLOCKED
} CrapetteOutcome;

/**
 * CrapetteBlockReason:
 *
 * Why a blocked round ended.
 */
typedef enum
{
  CRAPETTE_BLOCK_NONE = 0,
  CRAPETTE_BLOCK_REPETITION,
  CRAPETTE_BLOCK_PASSES,
  CRAPETTE_BLOCK_IDLE_TURNS
} CrapetteBlockReason;

/**
 * CrapetteFirstPlayer:
 * @CRAPETTE_FIRST_PLAYER_LOW_CARD: Russian Bank: the lower face-up reserve
 *   card starts (then the houses in the order dealt, then South).
 * @CRAPETTE_FIRST_PLAYER_ALTERNATE: the players take turns to start the
 *   rounds of a match, South first.
 */
typedef enum
{
  CRAPETTE_FIRST_PLAYER_LOW_CARD = 0,
  CRAPETTE_FIRST_PLAYER_ALTERNATE
} CrapetteFirstPlayer;

/**
 * CrapetteMistakes:
 * @CRAPETTE_MISTAKES_PREVENTED: a move that breaks the order of play is
 *   refused, with the rule in words.
 * @CRAPETTE_MISTAKES_CALLED: such a move is allowed as long as the card may go
 *   where it is put, and the opponent may call "Stop!" (docs/rules.md).
 *
 * What happens to a move that breaks a compulsory-move duty.
 */
typedef enum
{
  CRAPETTE_MISTAKES_PREVENTED = 0,
  CRAPETTE_MISTAKES_CALLED = 1
} CrapetteMistakes;

/**
 * CrapetteComputerMistakes:
 * @CRAPETTE_COMPUTER_MISTAKES_BY_LEVEL: each level as it plays by default: Easy and Medium
 *   now and then break a duty on purpose, Hard never does.
 * @CRAPETTE_COMPUTER_MISTAKES_ALWAYS: every level does, Hard included, at its own rate.
 * @CRAPETTE_COMPUTER_MISTAKES_NEVER: no level does.
 *
 * With mistakes called, whether the computer makes mistakes for the person to catch
 * (#CrapettePlayer:makes-mistakes). The nicks are those of the settings' "computer-mistakes"
 * key: "by-level", "always", "never".
 */
typedef enum
{
  CRAPETTE_COMPUTER_MISTAKES_BY_LEVEL = 0,
  CRAPETTE_COMPUTER_MISTAKES_ALWAYS = 1,
  CRAPETTE_COMPUTER_MISTAKES_NEVER = 2
} CrapetteComputerMistakes;

/**
 * CrapetteOpponent:
 * @CRAPETTE_OPPONENT_COMPUTER_EASY: the computer plays North at the Easy level.
 * @CRAPETTE_OPPONENT_COMPUTER_MEDIUM: the computer at the Medium level.
 * @CRAPETTE_OPPONENT_COMPUTER_HARD: the computer at the Hard level.
 * @CRAPETTE_OPPONENT_TWO_PLAYERS: a second person plays North at the same screen.
 *
 * Who plays North. The values and nicks are those of the settings' "opponent"
 * key, of the scoreboard and of saved matches: "computer-easy" … "two-players".
 */
typedef enum
{
  CRAPETTE_OPPONENT_COMPUTER_EASY = 0,
  CRAPETTE_OPPONENT_COMPUTER_MEDIUM = 1,
  CRAPETTE_OPPONENT_COMPUTER_HARD = 2,
  CRAPETTE_OPPONENT_TWO_PLAYERS = 3,
  CRAPETTE_N_OPPONENTS /*< skip >*/
} CrapetteOpponent;

/**
 * CrapetteMatchStart:
 * @CRAPETTE_MATCH_START_NEW: a new match, dealt from its first round.
 * @CRAPETTE_MATCH_START_RESUMED: the saved match, picked up where it was left.
 * @CRAPETTE_MATCH_START_OPENED: a match read from a file the person opened.
 *
 * How a match came onto the table (#CrapetteSession::match-started).
 */
typedef enum
{
  CRAPETTE_MATCH_START_NEW = 0,
  CRAPETTE_MATCH_START_RESUMED,
  CRAPETTE_MATCH_START_OPENED
} CrapetteMatchStart;

/**
 * CrapetteSpeed:
 *
 * How fast cards glide and the computer plays, as the settings store it.
 */
typedef enum
{
  CRAPETTE_SPEED_SLOW = 0,
  CRAPETTE_SPEED_NORMAL = 1,
  CRAPETTE_SPEED_FAST = 2
} CrapetteSpeed;

/**
 * CrapetteRules:
 *
 * The rule options of a round. Every field has the default of docs/rules.md
 * when made by crapette_rules_init_default().
 */
typedef struct
{
  guint8 reserve_size;       /* Russian Bank: 12 or 13 */
  guint8 first_player;       /* CrapetteFirstPlayer, Russian Bank only */
  guint16 idle_turn_limit;   /* turns without progress before a round is blocked */
  guint8 mistakes;           /* CrapetteMistakes */
} CrapetteRules;

#define CRAPETTE_IDLE_TURN_LIMIT_MIN 10
#define CRAPETTE_IDLE_TURN_LIMIT_MAX 500

/**
 * CrapetteRoundResult:
 *
 * The result of a finished round. For Russian Bank @points is what the
 * winner scores (30 plus the loser's cards, or the difference of the counts
 * in a blocked round); for American Bank it is 1 for the winner of the round.
 * @counts are each player's cards left, weighted as the variant counts them.
 */
typedef struct
{
  CrapetteOutcome outcome;
  CrapetteBlockReason block_reason;
  CrapetteSeat winner;       /* %CRAPETTE_NO_SEAT for a drawn round */
  guint points;
  guint counts[CRAPETTE_N_SEATS];
  guint reserve_cards[CRAPETTE_N_SEATS];
  guint stock_and_waste_cards[CRAPETTE_N_SEATS];
} CrapetteRoundResult;

G_END_DECLS
