# frozen_string_literal: true

# Usage: ruby bench/site_replay.rb REF_DIR GAME.json
#
# Replays one 18xx.games document the way the site's server takes moves: each action is
# processed on a game holding every earlier action.  The server loads that game afresh for
# every move (routes/game.rb: Game.load with the stored actions, then process_action); this
# keeps one live game and loads afresh only when the live game refuses an action, since a
# live game keeps caches a fresh load does not (the route graph after the Treaty of Boston,
# for one).  Prints one JSON object: the first action refused by a fresh load too (index,
# id, message, round, acting entity), the actions only the live game refused, and the result
# and end reason of the whole document loaded at once (how the site shows a finished game)
# next to the ones the document states.
#
# Written for Roundhouse's differential harness (bench/differential.py); it reads the
# engine through its public entry points only (Game.load, process_action, result).

ref = ARGV.shift
require File.join(ref, 'shim')
require 'json'
require File.join(ref, 'lib', 'engine')
Engine::Logger.set_level(Logger::FATAL)

def message_of(game)
  ex = game.exception
  "#{ex.class}: #{ex.message.lines.first&.strip}"
end

def acting(game)
  game.round&.active_step&.current_entity&.id
rescue StandardError
  nil
end

path = ARGV.shift
data = JSON.parse(File.read(path))
actions = data['actions']
game = Engine::Game.load(data, strict: false, actions: [])
refused = nil
live_only = []

actions.each_with_index do |action, index|
  if game.finished
    refused = { index: index, id: action['id'], error: 'action after the game finished', action: action }
    break
  end
  game.process_action(action)
  next unless game.exception

  live_error = message_of(game)
  fresh = Engine::Game.load(data.merge('actions' => actions[0...index]), strict: false)
  fresh.process_action(action)
  if fresh.exception
    refused = { index: index, id: action['id'], error: message_of(fresh), action: action,
                round: fresh.round&.name, turn: fresh.turn, current_entity: acting(fresh) }
    game = fresh
    break
  end
  live_only << { index: index, id: action['id'], error: live_error }
  game = fresh
end

final = refused ? game : Engine::Game.load(data, strict: false)
result = JSON.parse(JSON.generate(final.result))
reason = final.game_end_reason
puts JSON.generate({
                     file: File.basename(path), actions: actions.size, error: refused,
                     live_only: live_only, finished: final.finished, game_end_reason: reason,
                     want_reason: data['game_end_reason'], result: result, want_result: data['result'],
                     result_match: result == data['result'],
                     reason_match: reason == data['game_end_reason']&.to_sym,
                     round: final.round&.name, turn: final.turn
                   })
