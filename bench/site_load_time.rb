# frozen_string_literal: true

# Usage: ruby bench/site_load_time.rb REF_DIR REPEATS GAME.json...
#
# Times whole-document loads by the 18xx.games engine (Game.load, as the site loads a stored
# game) in this process's CPU time, the clock Roundhouse's benchmarks read: wall time would
# count the time other programs take the machine's cores, and the benchmarks run on a shared
# machine.  Prints one JSON object a document: its folder/name, its action count, the fastest
# of REPEATS loads in CPU seconds, and whether the result and end reason are the document's.
#
# Written for Roundhouse's benchmarks (bench/ref18xx.py); it reads the engine through its
# public entry points only (Game.load, result, game_end_reason).

ref = ARGV.shift
repeats = Integer(ARGV.shift)
require File.join(ref, 'shim')
require 'json'
require File.join(ref, 'lib', 'engine')
Engine::Logger.set_level(Logger::FATAL)

cpu = -> { Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID) }

ARGV.each do |path|
  data = JSON.parse(File.read(path))
  best = nil
  game = nil
  repeats.times do
    start = cpu.call
    game = Engine::Game.load(data, strict: false)
    took = cpu.call - start
    best = took if best.nil? || took < best
  end
  puts JSON.generate({
                       fixture: "#{File.basename(File.dirname(path))}/#{File.basename(path)}",
                       actions: data['actions'].size, cpu_s: best,
                       result_match: JSON.parse(JSON.generate(game.result)) == data['result'],
                       reason_match: game.game_end_reason == data['game_end_reason']&.to_sym
                     })
  $stdout.flush
end
