import EffectEngineCLI

await VoiceMemos.main()
