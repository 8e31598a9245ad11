//! What a call says that the agent does not write: its greeting when the
//! agent has none, the prompt after a silence, the goodbye and the apology
//! when a turn fails, in the agent's language (the twelve of the app), and
//! the language tag Twilio's speech recognition and `<Say>` take for it.

/// The sentences a call needs, in one language.
pub struct Words {
    /// Twilio's tag for speech recognition and `<Say>`.
    pub tag: &'static str,
    pub greeting: &'static str,
    pub still_there: &'static str,
    pub goodbye: &'static str,
    pub sorry: &'static str,
}

const WORDS: [(&str, Words); 12] = [
    (
        "en",
        Words {
            tag: "en-US",
            greeting: "Hello! How can I help you today?",
            still_there: "Are you still there?",
            goodbye: "I did not hear anything, so I will hang up now. Goodbye!",
            sorry: "Sorry, something went wrong on my side. Could you say that again?",
        },
    ),
    (
        "ar",
        Words {
            tag: "ar-SA",
            greeting: "مرحبًا! كيف يمكنني مساعدتك اليوم؟",
            still_there: "هل ما زلت معي؟",
            goodbye: "لم أسمع شيئًا، لذا سأنهي المكالمة الآن. مع السلامة!",
            sorry: "عذرًا، حدث خطأ من جهتي. هل يمكنك أن تعيد ما قلته؟",
        },
    ),
    (
        "da",
        Words {
            tag: "da-DK",
            greeting: "Hej! Hvordan kan jeg hjælpe dig i dag?",
            still_there: "Er du der stadig?",
            goodbye: "Jeg hørte ingenting, så jeg lægger på nu. Farvel!",
            sorry: "Beklager, noget gik galt hos mig. Vil du sige det igen?",
        },
    ),
    (
        "de",
        Words {
            tag: "de-DE",
            greeting: "Hallo! Wie kann ich Ihnen heute helfen?",
            still_there: "Sind Sie noch da?",
            goodbye: "Ich habe nichts gehört und lege jetzt auf. Auf Wiederhören!",
            sorry: "Entschuldigung, bei mir ist etwas schiefgegangen. Können Sie das bitte wiederholen?",
        },
    ),
    (
        "es",
        Words {
            tag: "es-ES",
            greeting: "¡Hola! ¿En qué puedo ayudarle hoy?",
            still_there: "¿Sigue ahí?",
            goodbye: "No he oído nada, así que voy a colgar. ¡Adiós!",
            sorry: "Lo siento, algo ha fallado por mi parte. ¿Puede repetirlo?",
        },
    ),
    (
        "fr",
        Words {
            tag: "fr-FR",
            greeting: "Bonjour ! Comment puis-je vous aider aujourd'hui ?",
            still_there: "Êtes-vous toujours là ?",
            goodbye: "Je n'ai rien entendu, je vais donc raccrocher. Au revoir !",
            sorry: "Désolé, un problème est survenu de mon côté. Pouvez-vous répéter ?",
        },
    ),
    (
        "id",
        Words {
            tag: "id-ID",
            greeting: "Halo! Ada yang bisa saya bantu hari ini?",
            still_there: "Apakah Anda masih di sana?",
            goodbye: "Saya tidak mendengar apa pun, jadi saya akan menutup telepon. Sampai jumpa!",
            sorry: "Maaf, terjadi kesalahan di pihak saya. Bisakah Anda mengulanginya?",
        },
    ),
    (
        "ja",
        Words {
            tag: "ja-JP",
            greeting: "こんにちは。本日はどのようなご用件でしょうか？",
            still_there: "まだお電話はつながっていますか？",
            goodbye: "お声が聞こえませんでしたので、お電話を切らせていただきます。失礼いたします。",
            sorry: "申し訳ありません、こちらで問題が発生しました。もう一度おっしゃっていただけますか？",
        },
    ),
    (
        "ko",
        Words {
            tag: "ko-KR",
            greeting: "안녕하세요! 오늘 무엇을 도와드릴까요?",
            still_there: "아직 통화 중이신가요?",
            goodbye: "아무 말씀도 들리지 않아 이만 전화를 끊겠습니다. 안녕히 계세요!",
            sorry: "죄송합니다. 제 쪽에서 문제가 생겼습니다. 다시 말씀해 주시겠어요?",
        },
    ),
    (
        "pt",
        Words {
            tag: "pt-BR",
            greeting: "Olá! Como posso ajudar você hoje?",
            still_there: "Você ainda está aí?",
            goodbye: "Não ouvi nada, então vou desligar agora. Até logo!",
            sorry: "Desculpe, algo deu errado do meu lado. Pode repetir, por favor?",
        },
    ),
    (
        "ru",
        Words {
            tag: "ru-RU",
            greeting: "Здравствуйте! Чем я могу вам помочь?",
            still_there: "Вы ещё на линии?",
            goodbye: "Я ничего не слышу, поэтому завершаю звонок. До свидания!",
            sorry: "Извините, у меня что-то пошло не так. Повторите, пожалуйста.",
        },
    ),
    (
        "zh",
        Words {
            tag: "cmn-CN",
            greeting: "您好！今天有什么可以帮您？",
            still_there: "您还在线吗？",
            goodbye: "我没有听到您的声音，现在将挂断电话。再见！",
            sorry: "抱歉，我这边出了点问题。您能再说一遍吗？",
        },
    ),
];

/// The words for a language (`en`, `pt-BR` …); English for the others.
pub fn words(language: &str) -> &'static Words {
    let primary = language
        .split(['-', '_'])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    WORDS
        .iter()
        .find(|(code, _)| *code == primary)
        .map_or(&WORDS[0].1, |(_, words)| words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_of_the_app_has_its_words_and_the_rest_english() {
        assert_eq!(words("de").tag, "de-DE");
        assert_eq!(words("pt-BR").tag, "pt-BR");
        assert_eq!(words("ZH").tag, "cmn-CN");
        assert_eq!(words("sw").tag, "en-US");
        assert_eq!(words("").tag, "en-US");
        for (_, w) in &WORDS {
            assert!(!w.greeting.is_empty() && !w.goodbye.is_empty());
        }
    }
}
