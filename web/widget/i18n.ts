// The widget's own words, in the app's 12 languages, compiled into the script (it cannot load the
// app's translation files from a foreign page without another request and another origin check).

export const WIDGET_LANGUAGES = ['ar', 'da', 'de', 'en', 'es', 'fr', 'id', 'ja', 'ko', 'pt', 'ru', 'zh'] as const;
export type WidgetLanguage = (typeof WIDGET_LANGUAGES)[number];

export type WidgetStrings = {
  /** The launcher while the panel is closed. */
  open: string;
  /** The launcher while the panel is open. */
  closeChat: string;
  /** The panel's close button. */
  close: string;
  send: string;
  /** The message box's label. */
  message: string;
  placeholder: string;
  /** While the answer has not started. */
  typing: string;
  error: string;
  rateLimited: string;
  /** The agent cannot answer (not active, not deployed, widget turned off meanwhile). */
  unavailable: string;
  poweredBy: string;
  suggestions: string;
  /** The message list's label. */
  conversation: string;
  /** The label of the buttons a flow offers under its answer. */
  choices: string;
  /** A person of the team holds the conversation. */
  handedOff: string;
};

export const STRINGS: Record<WidgetLanguage, WidgetStrings> = {
  en: {
    open: 'Open chat',
    closeChat: 'Close chat',
    close: 'Close',
    send: 'Send',
    message: 'Your message',
    placeholder: 'Write a message…',
    typing: 'Typing…',
    error: 'Something went wrong. Please try again.',
    rateLimited: 'You are sending messages too quickly. Please wait a moment and try again.',
    unavailable: 'The assistant is not available right now.',
    poweredBy: 'Powered by AgentForge',
    suggestions: 'Suggested questions',
    conversation: 'Conversation',
    choices: 'Suggested answers',
    handedOff: 'A person from the team has taken over; they will answer here.',
  },
  ar: {
    open: 'فتح المحادثة',
    closeChat: 'إغلاق المحادثة',
    close: 'إغلاق',
    send: 'إرسال',
    message: 'رسالتك',
    placeholder: 'اكتب رسالة…',
    typing: 'يكتب الآن…',
    error: 'حدث خطأ ما. يُرجى المحاولة مرة أخرى.',
    rateLimited: 'أنت ترسل الرسائل بسرعة كبيرة. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',
    unavailable: 'المساعد غير متاح حاليًا.',
    poweredBy: 'مدعوم من AgentForge',
    suggestions: 'أسئلة مقترحة',
    conversation: 'المحادثة',
    choices: 'إجابات مقترحة',
    handedOff: 'تولّى شخص من الفريق المحادثة؛ وسيجيبك هنا.',
  },
  da: {
    open: 'Åbn chat',
    closeChat: 'Luk chat',
    close: 'Luk',
    send: 'Send',
    message: 'Din besked',
    placeholder: 'Skriv en besked…',
    typing: 'Skriver…',
    error: 'Noget gik galt. Prøv igen.',
    rateLimited: 'Du sender beskeder for hurtigt. Vent et øjeblik, og prøv igen.',
    unavailable: 'Assistenten er ikke tilgængelig lige nu.',
    poweredBy: 'Drevet af AgentForge',
    suggestions: 'Foreslåede spørgsmål',
    conversation: 'Samtale',
    choices: 'Foreslåede svar',
    handedOff: 'En person fra teamet har overtaget; vedkommende svarer her.',
  },
  de: {
    open: 'Chat öffnen',
    closeChat: 'Chat schließen',
    close: 'Schließen',
    send: 'Senden',
    message: 'Ihre Nachricht',
    placeholder: 'Nachricht schreiben…',
    typing: 'Schreibt…',
    error: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    rateLimited: 'Sie senden Nachrichten zu schnell. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    unavailable: 'Der Assistent ist gerade nicht verfügbar.',
    poweredBy: 'Bereitgestellt von AgentForge',
    suggestions: 'Vorgeschlagene Fragen',
    conversation: 'Unterhaltung',
    choices: 'Vorgeschlagene Antworten',
    handedOff: 'Eine Person aus dem Team hat übernommen und antwortet hier.',
  },
  es: {
    open: 'Abrir chat',
    closeChat: 'Cerrar chat',
    close: 'Cerrar',
    send: 'Enviar',
    message: 'Tu mensaje',
    placeholder: 'Escribe un mensaje…',
    typing: 'Escribiendo…',
    error: 'Algo salió mal. Inténtalo de nuevo.',
    rateLimited: 'Estás enviando mensajes demasiado rápido. Espera un momento y vuelve a intentarlo.',
    unavailable: 'El asistente no está disponible en este momento.',
    poweredBy: 'Con la tecnología de AgentForge',
    suggestions: 'Preguntas sugeridas',
    conversation: 'Conversación',
    choices: 'Respuestas sugeridas',
    handedOff: 'Una persona del equipo ha tomado el control; te responderá aquí.',
  },
  fr: {
    open: 'Ouvrir le chat',
    closeChat: 'Fermer le chat',
    close: 'Fermer',
    send: 'Envoyer',
    message: 'Votre message',
    placeholder: 'Écrivez un message…',
    typing: 'En train d’écrire…',
    error: 'Une erreur s’est produite. Veuillez réessayer.',
    rateLimited: 'Vous envoyez des messages trop rapidement. Patientez un instant, puis réessayez.',
    unavailable: 'L’assistant n’est pas disponible pour le moment.',
    poweredBy: 'Propulsé par AgentForge',
    suggestions: 'Questions suggérées',
    conversation: 'Conversation',
    choices: 'Réponses suggérées',
    handedOff: 'Une personne de l’équipe a pris la main ; elle vous répondra ici.',
  },
  id: {
    open: 'Buka obrolan',
    closeChat: 'Tutup obrolan',
    close: 'Tutup',
    send: 'Kirim',
    message: 'Pesan Anda',
    placeholder: 'Tulis pesan…',
    typing: 'Mengetik…',
    error: 'Terjadi kesalahan. Silakan coba lagi.',
    rateLimited: 'Anda mengirim pesan terlalu cepat. Harap tunggu sebentar lalu coba lagi.',
    unavailable: 'Asisten sedang tidak tersedia.',
    poweredBy: 'Didukung oleh AgentForge',
    suggestions: 'Pertanyaan yang disarankan',
    conversation: 'Percakapan',
    choices: 'Jawaban yang disarankan',
    handedOff: 'Seseorang dari tim telah mengambil alih; mereka akan menjawab di sini.',
  },
  ja: {
    open: 'チャットを開く',
    closeChat: 'チャットを閉じる',
    close: '閉じる',
    send: '送信',
    message: 'メッセージ',
    placeholder: 'メッセージを入力…',
    typing: '入力中…',
    error: '問題が発生しました。もう一度お試しください。',
    rateLimited: 'メッセージの送信間隔が短すぎます。少し待ってからもう一度お試しください。',
    unavailable: '現在アシスタントはご利用いただけません。',
    poweredBy: 'AgentForge 提供',
    suggestions: '質問の候補',
    conversation: '会話',
    choices: '回答の候補',
    handedOff: 'チームの担当者が引き継ぎました。ここで回答します。',
  },
  ko: {
    open: '채팅 열기',
    closeChat: '채팅 닫기',
    close: '닫기',
    send: '보내기',
    message: '메시지',
    placeholder: '메시지를 입력하세요…',
    typing: '입력 중…',
    error: '문제가 발생했습니다. 다시 시도해 주세요.',
    rateLimited: '메시지를 너무 빠르게 보내고 있습니다. 잠시 후 다시 시도해 주세요.',
    unavailable: '지금은 어시스턴트를 사용할 수 없습니다.',
    poweredBy: 'AgentForge 제공',
    suggestions: '추천 질문',
    conversation: '대화',
    choices: '추천 답변',
    handedOff: '팀의 담당자가 대화를 이어받았습니다. 여기에서 답변해 드립니다.',
  },
  pt: {
    open: 'Abrir chat',
    closeChat: 'Fechar chat',
    close: 'Fechar',
    send: 'Enviar',
    message: 'Sua mensagem',
    placeholder: 'Escreva uma mensagem…',
    typing: 'Digitando…',
    error: 'Algo deu errado. Tente novamente.',
    rateLimited: 'Você está enviando mensagens rápido demais. Aguarde um momento e tente novamente.',
    unavailable: 'O assistente não está disponível no momento.',
    poweredBy: 'Desenvolvido por AgentForge',
    suggestions: 'Perguntas sugeridas',
    conversation: 'Conversa',
    choices: 'Respostas sugeridas',
    handedOff: 'Uma pessoa da equipe assumiu; ela responderá aqui.',
  },
  ru: {
    open: 'Открыть чат',
    closeChat: 'Закрыть чат',
    close: 'Закрыть',
    send: 'Отправить',
    message: 'Ваше сообщение',
    placeholder: 'Напишите сообщение…',
    typing: 'Печатает…',
    error: 'Что-то пошло не так. Попробуйте ещё раз.',
    rateLimited: 'Вы отправляете сообщения слишком часто. Подождите немного и попробуйте снова.',
    unavailable: 'Ассистент сейчас недоступен.',
    poweredBy: 'Работает на AgentForge',
    suggestions: 'Предлагаемые вопросы',
    conversation: 'Разговор',
    choices: 'Варианты ответа',
    handedOff: 'Разговор взял на себя сотрудник команды; он ответит здесь.',
  },
  zh: {
    open: '打开聊天',
    closeChat: '关闭聊天',
    close: '关闭',
    send: '发送',
    message: '您的消息',
    placeholder: '输入消息…',
    typing: '正在输入…',
    error: '出了点问题，请重试。',
    rateLimited: '您发送消息的速度太快了，请稍候再试。',
    unavailable: '助手暂时不可用。',
    poweredBy: '由 AgentForge 提供支持',
    suggestions: '推荐问题',
    conversation: '对话',
    choices: '建议的回答',
    handedOff: '团队中的一位成员已接管，将在这里回复您。',
  },
};

/** One of the 12 languages, by its primary subtag (`pt-BR` → `pt`, `ZH-hant` → `zh`), or null. */
export function widgetLanguage(tag: string | null | undefined): WidgetLanguage | null {
  const primary = (tag ?? '').trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return (WIDGET_LANGUAGES as readonly string[]).includes(primary) ? (primary as WidgetLanguage) : null;
}

/**
 * The widget speaks the page's language when it is one of the 12 (the site chose it for this
 * visitor), else the agent's, else the browser's first that is, else English.
 */
export function chooseLanguage({ page, agent, browser = [] }: { page?: string | null; agent?: string | null; browser?: readonly string[] }): WidgetLanguage {
  for (const tag of [page, agent, ...browser]) {
    const found = widgetLanguage(tag);
    if (found) return found;
  }
  return 'en';
}

export const directionOf = (lang: WidgetLanguage): 'rtl' | 'ltr' => (lang === 'ar' ? 'rtl' : 'ltr');
